// Bookings under kill -9, and the change feed after it (docs/reliability.md). Writers book through POST, PATCH,
// DELETE and POST /attendances/bulk (atomic and not) on one server process, or on two processes sharing the database
// (SQLite: one file, group commit on as by default; PostgreSQL: one database), while the processes are killed with
// SIGKILL — at random moments, and at the moment a writer receives an acknowledgement — and restarted. Each writer books its own employee in fresh one-hour slots, so a valid
// write never collides; some writes are meant to be refused (a slot a live booking holds). Every booking carries a
// note unique to the write that set it, so a booking found at the end is traced to its write.
// The ledger: every acknowledged outcome (201 and its data, 200 and its data, 204) per id, the creates that were
// refused (an answer other than 2xx, or a connection never accepted), and the writes whose answer never came (in
// doubt: they may or may not have committed; the writer sends nothing more for such an id).
// At the end, with one fresh process: every acknowledged booking reads back exactly as last acknowledged (a deleted
// one is 404) or as its in-doubt write left it; no refused booking is present; every present booking is explained;
// the feed holds an entry for every acknowledged write, each booking's final state equals its last entry (a
// tombstone for a deleted one), and no entry names a booking that was never acknowledged and is absent. Then the
// database's integrity check.
import http from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import { openDatabase } from '../src/db/connection.js';
import type { TestContext } from '../test/support/app.js';
import { bookingWorld } from '../test/support/booking-world.js';
import { integrityCheck } from './durability.js';
import { Random } from './random.js';
import { apiPath, request, startServer, type Answer, type Server, type Target } from './server.js';

type Rec = Record<string, unknown>;
/** A stored booking's field as a PATCH sends it: the date without a time, times without seconds. */
function storedAsSent(row: Rec, k: string): unknown {
  if (k === 'date') return String(row.date).slice(0, 10);
  return k === 'from' || k === 'to' ? String(row[k]).slice(0, 5) : row[k];
}

/** An acknowledged outcome: the data a create (201) or update (200) answered, null for a delete (204). */
interface Acked {
  op: 'create' | 'update' | 'delete';
  data: Rec | null;
}

interface Booking {
  id: number;
  acked: Acked[];
  /** The id's last write, whose answer never came. */
  doubt?: { op: 'update'; patch: Rec } | { op: 'delete' };
}

interface FeedEntry {
  cursor: string;
  key: string;
  op: 'create' | 'update' | 'delete';
  data: Rec | null;
}

export interface BookingLoadResult {
  processes: number;
  writers: number;
  kills: number;
  /** Acknowledged writes by kind (bulk: items created). */
  acknowledged: {
    created: number;
    bulkCreated: number;
    atomicCreated: number;
    updated: number;
    deleted: number;
    total: number;
  };
  requests: { post: number; patch: number; delete: number; bulk: number; atomicBulk: number };
  /** Answers other than 2xx: meant to be refused (a held slot), and the others (5xx among them). */
  refused: { intended: number; unexpected: number; serverErrors: number };
  /** Requests never accepted (connection refused), and requests whose answer never came with the writes they held. */
  unsent: number;
  inDoubt: number;
  inDoubtWrites: number;
  /** Requests unanswered after 30 s (counted in doubt too). */
  timeouts: number;
  /** Writes meant to be refused that were acknowledged (the overlap rule let them through). */
  wronglyAccepted: number;
  /** Final state. */
  present: number;
  lost: number;
  mismatched: number;
  resurrected: number;
  refusedPresent: number;
  unexplained: number;
  /** In-doubt writes found committed. */
  doubtCommitted: number;
  feed: { entries: number; gaps: number; finalMismatched: number; orphans: number; extra: number };
  integrity: string;
  /** The first findings of each kind, and the first unexpected refusals. */
  samples: string[];
  seconds: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const FIRST_DAY = Date.UTC(2021, 0, 4); // a Monday; employed since 2020 (test/support/booking-world.ts)
const SLOTS_PER_DAY = 8; // 08:00–16:00 in hours, the bench's valid bookings
const two = (n: number) => String(n).padStart(2, '0');

/** One server process: `current` is the running one, or its restart after a kill. */
class Proc {
  current: Promise<Server>;
  constructor(
    private readonly target: Target,
    private readonly env: Record<string, string>,
  ) {
    this.current = this.#start(Promise.resolve());
  }
  #start(after: Promise<unknown>): Promise<Server> {
    const next = after.then(() => startServer(this.target, this.env));
    next.catch(() => {}); // awaited by the writers and the controller
    return next;
  }
  #onAnswer: (() => void) | null = null;
  /**
   * SIGKILL now, or (`afterAnswer`) the moment a writer receives the next 2xx from this process: a write
   * acknowledged before its COMMIT is durable would be lost then. `current` becomes the restarted process.
   */
  async kill(afterAnswer: boolean): Promise<void> {
    const old = await this.current;
    if (afterAnswer)
      await new Promise<void>((resolve) => (this.#onAnswer = () => resolve(void old.child.kill('SIGKILL'))));
    else old.child.kill('SIGKILL');
    this.current = this.#start(old.exited);
    await this.current;
  }
  /** A writer received a 2xx from the current process. */
  answered(): void {
    const kill = this.#onAnswer;
    this.#onAnswer = null;
    kill?.();
  }
  /** SIGTERM (graceful), SIGKILL when it has not exited within 15 s. */
  async stop(signal: NodeJS.Signals): Promise<void> {
    const s = await this.current.catch(() => undefined);
    if (!s || s.child.exitCode !== null || s.child.signalCode !== null) return;
    s.child.kill(signal);
    const timer = setTimeout(() => s.child.kill('SIGKILL'), 15_000);
    await s.exited;
    clearTimeout(timer);
  }
}

type Outcome = { kind: 'answered'; answer: Answer } | { kind: 'unsent' } | { kind: 'doubt' };

class Run {
  readonly bookings = new Map<number, Booking>();
  /** Creates not acknowledged, by their note: refused or in doubt. */
  readonly unacknowledged = new Map<string, 'refused' | 'doubt'>();
  readonly r: Omit<
    BookingLoadResult,
    | 'present'
    | 'lost'
    | 'mismatched'
    | 'resurrected'
    | 'refusedPresent'
    | 'unexplained'
    | 'doubtCommitted'
    | 'feed'
    | 'integrity'
    | 'seconds'
  >;
  stopped = false;
  constructor(
    readonly target: Target,
    processes: number,
    writers: number,
  ) {
    this.r = {
      processes,
      writers,
      kills: 0,
      acknowledged: { created: 0, bulkCreated: 0, atomicCreated: 0, updated: 0, deleted: 0, total: 0 },
      requests: { post: 0, patch: 0, delete: 0, bulk: 0, atomicBulk: 0 },
      refused: { intended: 0, unexpected: 0, serverErrors: 0 },
      unsent: 0,
      inDoubt: 0,
      inDoubtWrites: 0,
      timeouts: 0,
      wronglyAccepted: 0,
      samples: [],
    };
  }
  sample(what: string) {
    const kind = what.split(':')[0];
    if (this.r.samples.filter((s) => s.startsWith(`${kind}:`)).length < 5) this.r.samples.push(what);
  }
  /** A create acknowledged with its data. */
  created(data: Rec, kind: 'created' | 'bulkCreated' | 'atomicCreated') {
    this.bookings.set(Number(data.id), { id: Number(data.id), acked: [{ op: 'create', data }] });
    this.r.acknowledged[kind]++;
    this.r.acknowledged.total++;
  }
  /** An answer other than 2xx. */
  refusal(answer: Answer, intended: boolean, what: string) {
    if (intended) return void this.r.refused.intended++;
    this.r.refused.unexpected++;
    if (answer.status >= 500) this.r.refused.serverErrors++;
    this.sample(`unexpected refusal: ${what} → ${answer.status} ${answer.body.slice(0, 300)}`);
  }
}

/** A writer: one employee, fresh slots, its live (acknowledged, not deleted, not in doubt) bookings. */
class Writer {
  #slot = 0;
  #seq = 0;
  readonly live = new Map<number, Rec>();
  agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  constructor(
    readonly run: Run,
    readonly n: number,
    readonly employee: string,
    readonly world: { projectId: number; taskId: number },
    readonly proc: Proc,
    readonly random: Random,
  ) {}

  fresh(): { date: string; from: string; to: string } {
    const s = this.#slot++;
    const day = Math.floor(s / SLOTS_PER_DAY);
    const date = new Date(FIRST_DAY + (Math.floor(day / 5) * 7 + (day % 5)) * 86_400_000).toISOString().slice(0, 10);
    const hour = 8 + (s % SLOTS_PER_DAY);
    return { date, from: `${two(hour)}:00`, to: `${two(hour + 1)}:00` };
  }
  /** The slot of a live booking: a write there is refused (overlap). */
  held(): { date: string; from: string; to: string } {
    const d = this.random.pick([...this.live.values()]);
    return { date: String(d.date).slice(0, 10), from: String(d.from).slice(0, 5), to: String(d.to).slice(0, 5) };
  }
  note = (kind: string) => `${kind}${this.n}.${this.#seq++}`;
  body(slot: { date: string; from: string; to: string }): Rec {
    return {
      employee_id: this.employee,
      ...slot,
      project_id: this.world.projectId,
      project_task_id: this.world.taskId,
      activity_id: 'be',
      billable: this.random.int(2) === 1,
      note: this.note('c'),
    };
  }

  async send(method: string, pathname: string, body?: unknown): Promise<Outcome> {
    const server = await this.proc.current;
    let timer: NodeJS.Timeout | undefined;
    try {
      const sent = request(server.port, method, apiPath(this.run.target, pathname), {
        body,
        token: this.run.target.token,
        agent: this.agent,
      });
      sent.catch(() => {}); // settled after a timeout: its socket is destroyed below
      // A request unanswered for 30 s while its process lives is a finding, and must not stall the run.
      const timeout = new Promise<never>(
        (_, reject) =>
          (timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })), 30_000)),
      );
      const answer = await Promise.race([sent, timeout]);
      if (answer.status < 300) this.proc.answered();
      return { kind: 'answered', answer };
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'TIMEOUT') {
        this.run.r.timeouts++;
        this.run.sample(`timeout: ${method} ${pathname} unanswered after 30 s`);
        this.agent.destroy();
        this.agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      }
      if (code !== 'ECONNREFUSED') return (this.run.r.inDoubt++, { kind: 'doubt' });
      this.run.r.unsent++;
      // The process is gone and its restart not yet begun: wait for it instead of spinning.
      if ((await this.proc.current) === server) await sleep(20);
      return { kind: 'unsent' };
    } finally {
      clearTimeout(timer);
    }
  }

  async loop(): Promise<void> {
    while (!this.run.stopped) {
      const x = this.random.int(100);
      if (this.live.size < 3 || x < 30) await this.create(false);
      else if (x < 34) await this.create(true);
      else if (x < 60) await this.update(false);
      else if (x < 64) await this.update(true);
      else if (x < 82) await this.remove();
      else await this.bulk();
    }
    this.agent.destroy();
  }

  async create(conflict: boolean) {
    const body = this.body(conflict ? this.held() : this.fresh());
    this.run.r.requests.post++;
    const o = await this.send('POST', '/attendances', body);
    this.createOutcome(o, [body], conflict ? 0 : -1, 'created');
  }

  /** The outcome of creates (one POST, or one bulk's items); `conflict` is the index of the item meant to fail. */
  createOutcome(o: Outcome, bodies: Rec[], conflict: number, kind: 'created' | 'bulkCreated' | 'atomicCreated') {
    const notes = bodies.map((b) => String(b.note));
    if (o.kind === 'doubt') this.run.r.inDoubtWrites += notes.length;
    if (o.kind !== 'answered')
      return notes.forEach((n) => this.run.unacknowledged.set(n, o.kind === 'doubt' ? 'doubt' : 'refused'));
    const { status, body } = o.answer;
    let results: { status: number; data?: Rec; message?: string }[];
    if (kind === 'created') results = [{ status, data: status === 201 ? JSON.parse(body).data : undefined }];
    else results = status === 200 ? JSON.parse(body).results : bodies.map(() => ({ status }));
    results.forEach((res, i) => {
      if (res.status === 201 && res.data) {
        if (i === conflict)
          (this.run.r.wronglyAccepted++, this.run.sample(`accepted overlap: ${JSON.stringify(res.data)}`));
        this.run.created(res.data, kind);
        this.live.set(Number(res.data.id), res.data);
      } else {
        this.run.unacknowledged.set(notes[i], 'refused');
        // An atomic bulk refuses every item for the one meant to fail.
        const intended = conflict >= 0 && (i === conflict || kind === 'atomicCreated');
        if (kind === 'created' || status !== 200)
          this.run.refusal(o.answer, intended, `${kind === 'created' ? 'POST' : 'bulk'} ${JSON.stringify(bodies[i])}`);
        else if (!intended)
          this.run.refusal(
            { status: res.status, body: JSON.stringify(res) },
            false,
            `bulk item ${JSON.stringify(bodies[i])}`,
          );
        else this.run.r.refused.intended++;
      }
    });
  }

  async bulk() {
    const size = 2 + this.random.int(11);
    const bodies = Array.from({ length: size }, () => this.body(this.fresh()));
    const conflict = this.random.int(4) === 0 ? this.random.int(size) : -1;
    if (conflict >= 0) bodies[conflict] = this.body(this.held());
    const atomic = this.random.int(2) === 1;
    this.run.r.requests.bulk++;
    if (atomic) this.run.r.requests.atomicBulk++;
    const o = await this.send('POST', `/attendances/bulk${atomic ? '?atomic=true' : ''}`, { items: bodies });
    this.createOutcome(o, bodies, conflict, atomic ? 'atomicCreated' : 'bulkCreated');
  }

  async update(conflict: boolean) {
    const id = this.random.pick([...this.live.keys()]);
    const current = this.live.get(id)!;
    const patch: Rec = { note: this.note('u') };
    if (conflict) {
      const others = [...this.live.entries()].filter(([other]) => other !== id);
      if (others.length === 0) return;
      const d = this.random.pick(others)[1];
      Object.assign(patch, {
        date: String(d.date).slice(0, 10),
        from: String(d.from).slice(0, 5),
        to: String(d.to).slice(0, 5),
      });
    } else {
      if (this.random.int(3) === 0) Object.assign(patch, this.fresh());
      if (this.random.int(2) === 0) patch.billable = !current.billable;
    }
    this.run.r.requests.patch++;
    const o = await this.send('PATCH', `/attendances/${id}`, patch);
    const booking = this.run.bookings.get(id)!;
    if (o.kind === 'doubt') {
      this.run.r.inDoubtWrites++;
      booking.doubt = { op: 'update', patch };
      this.live.delete(id);
    } else if (o.kind === 'answered' && o.answer.status === 200) {
      const data = JSON.parse(o.answer.body).data as Rec;
      if (conflict)
        (this.run.r.wronglyAccepted++, this.run.sample(`accepted overlap: PATCH ${id} ${JSON.stringify(patch)}`));
      booking.acked.push({ op: 'update', data });
      this.live.set(id, data);
      this.run.r.acknowledged.updated++;
      this.run.r.acknowledged.total++;
    } else if (o.kind === 'answered') {
      this.run.refusal(o.answer, conflict, `PATCH ${id} ${JSON.stringify(patch)}`);
    }
  }

  async remove() {
    const id = this.random.pick([...this.live.keys()]);
    this.run.r.requests.delete++;
    const o = await this.send('DELETE', `/attendances/${id}`);
    const booking = this.run.bookings.get(id)!;
    if (o.kind === 'doubt') {
      this.run.r.inDoubtWrites++;
      booking.doubt = { op: 'delete' };
      this.live.delete(id);
    } else if (o.kind === 'answered' && o.answer.status === 204) {
      booking.acked.push({ op: 'delete', data: null });
      this.live.delete(id);
      this.run.r.acknowledged.deleted++;
      this.run.r.acknowledged.total++;
    } else if (o.kind === 'answered') {
      this.run.refusal(o.answer, false, `DELETE ${id}`);
    }
  }
}

/**
 * The tenant's world (seeded directly): one employee per writer, one project with a task per two writers. Bookings
 * lock their project (the booking engine's lock), so writers sharing one project contend — across the two
 * processes too, as writer i writes through process i mod 2 — while PostgreSQL still commits the pairs in parallel.
 */
async function seedWorld(target: Target, employees: number) {
  const opened = openDatabase(target.database);
  try {
    const tenant = await opened.db
      .selectFrom('tenants')
      .selectAll()
      .where('instance', '=', target.instance)
      .executeTakeFirstOrThrow();
    const w = await bookingWorld({ database: opened, tenant: async () => ({ tenant }) } as unknown as TestContext);
    const usernames = [w.employee];
    const projects = [{ projectId: w.projectId, taskId: w.taskId }];
    while (usernames.length < employees) usernames.push(await w.addEmployee());
    while (projects.length < Math.ceil(employees / 2)) projects.push(await w.addProject());
    return usernames.map((username, i) => ({ username, ...projects[Math.floor(i / 2)] }));
  } finally {
    await opened.close();
  }
}

/**
 * The booking load on `processes` server processes with `writers` writers each (default 8); `kills` kill events
 * (with two processes: of the first, the second, and both at once, in turn), each `loadMs` (default 1.5–5 s) into the load after the
 * last restart — every second one (`alwaysAfterAnswer`: every one) at the moment the next acknowledgement arrives —
 * every killed process restarted.
 */
export async function bookingDurability(
  target: Target,
  random: Random,
  opts: { kills: number; processes: number; writers?: number; loadMs?: [number, number]; alwaysAfterAnswer?: boolean },
): Promise<BookingLoadResult> {
  const started = Date.now();
  const perProcess = opts.writers ?? 8;
  const [min, max] = opts.loadMs ?? [1500, 5000];
  const loadFor = () => sleep(min + random.int(max - min + 1));
  const run = new Run(target, opts.processes, perProcess * opts.processes);
  const world = await seedWorld(target, run.r.writers);
  const procs = Array.from({ length: opts.processes }, () => new Proc(target, {}));
  try {
    await Promise.all(procs.map((p) => p.current));
    const writers = world.map(
      (w, i) => new Writer(run, i, w.username, w, procs[i % procs.length], new Random(random.int(2 ** 31))),
    );
    const load = Promise.all(writers.map((w) => w.loop()));
    load.catch(() => {});
    for (let k = 0; k < opts.kills; k++) {
      await Promise.race([loadFor(), load]);
      // Two processes: the first, the second, then both at once, in turn.
      const victims = procs.length === 1 || k % 3 === 2 ? procs : [procs[k % 3]];
      await Promise.all(victims.map((p) => p.kill(opts.alwaysAfterAnswer || k % 2 === 1)));
      run.r.kills += victims.length;
    }
    await Promise.race([loadFor(), load]);
    run.stopped = true;
    await load;
    await Promise.all(procs.map((p) => p.stop('SIGTERM')));
  } finally {
    await Promise.all(procs.map((p) => p.stop('SIGKILL')));
  }
  const final = await readBack(run);
  return {
    ...run.r,
    ...final,
    integrity: await integrityCheck(target),
    seconds: Math.round((Date.now() - started) / 1000),
  };
}

/** One fresh process reads every booking, every feed entry and every id the ledger or the feed names. */
async function readBack(run: Run) {
  const { target } = run;
  const server = await startServer(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const get = async (p: string) => {
    const r = await request(server.port, 'GET', apiPath(target, p), { token: target.token, agent });
    if (r.status !== 200 && r.status !== 404) throw new Error(`GET ${p}: ${r.status} ${r.body.slice(0, 300)}`);
    return r.status === 200 ? JSON.parse(r.body) : null;
  };
  try {
    const listed = new Map<number, Rec>();
    for (let page = 1; ; page++) {
      const r = await get(`/attendances?limit=200&orderBy=id&order=asc&page=${page}`);
      for (const d of r.data as Rec[]) listed.set(Number(d.id), d);
      if (page >= r.meta.last_page) break;
    }
    const feed = new Map<number, FeedEntry[]>();
    let entries = 0;
    for (let since = '0'; ;) {
      const r = await get(`/changes?since=${since}&types%5B%5D=attendances&limit=1000`);
      for (const e of r.data as FeedEntry[])
        (feed.get(Number(e.key)) ?? feed.set(Number(e.key), []).get(Number(e.key))!).push(e);
      entries += r.data.length;
      if (r.next_cursor === since) break;
      since = r.next_cursor;
    }
    const ids = [...new Set([...run.bookings.keys(), ...listed.keys(), ...feed.keys()])];
    const read = new Map<number, Rec | null>();
    for (let i = 0; i < ids.length; i += 32) {
      await Promise.all(
        ids.slice(i, i + 32).map(async (id) => read.set(id, (await get(`/attendances/${id}`))?.data ?? null)),
      );
    }
    return { ...judge(run, listed, read), feed: { entries, ...judgeFeed(run, read, feed) } };
  } finally {
    agent.destroy();
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

const last = <T>(xs: T[]) => xs[xs.length - 1];
const show = (d: Rec | null | undefined) => (d ? JSON.stringify(d) : 'absent');

/** Final state against the ledger. */
function judge(run: Run, listed: Map<number, Rec>, read: Map<number, Rec | null>) {
  const f = {
    present: 0,
    lost: 0,
    mismatched: 0,
    resurrected: 0,
    refusedPresent: 0,
    unexplained: 0,
    doubtCommitted: 0,
  };
  for (const [id, data] of read) {
    if (data) f.present++;
    if (Boolean(data) !== listed.has(id))
      (run.sample(`list: booking ${id} is ${data ? '' : 'not '}readable but ${listed.has(id) ? '' : 'not '}listed`),
        f.mismatched++);
  }
  for (const b of run.bookings.values()) {
    const now = read.get(b.id) ?? null;
    const expected = last(b.acked).data;
    const asAcked = isDeepStrictEqual(now, expected);
    if (b.doubt) {
      const applied =
        b.doubt.op === 'delete'
          ? now === null
          : now !== null && Object.entries(b.doubt.patch).every(([k, v]) => storedAsSent(now, k) === v);
      if (applied) f.doubtCommitted++;
      if (applied || asAcked) continue;
    } else if (asAcked) continue;
    if (expected && !now) (f.lost++, run.sample(`lost: booking ${b.id} acknowledged as ${show(expected)}, now absent`));
    else if (!expected && now)
      (f.resurrected++, run.sample(`resurrected: booking ${b.id} acknowledged deleted, now ${show(now)}`));
    else
      (f.mismatched++,
        run.sample(
          `changed: booking ${b.id} acknowledged as ${show(expected)}${b.doubt ? ` (then in doubt: ${JSON.stringify(b.doubt)})` : ''}, now ${show(now)}`,
        ));
  }
  for (const [id, data] of read) {
    if (!data || run.bookings.has(id)) continue;
    const state = run.unacknowledged.get(String(data.note));
    if (state === 'doubt') f.doubtCommitted++;
    else if (state === 'refused') (f.refusedPresent++, run.sample(`refused but present: ${show(data)}`));
    else (f.unexplained++, run.sample(`unexplained: ${show(data)}`));
  }
  return f;
}

/**
 * The feed against the ledger: each acknowledged write has its entry (same op, same data, in order); a booking's
 * final state is its last entry's data (absent: a tombstone); no entries for a booking never acknowledged and absent;
 * no entries beyond the acknowledged writes and the one in-doubt write that may have committed.
 */
function judgeFeed(run: Run, read: Map<number, Rec | null>, feed: Map<number, FeedEntry[]>) {
  const f = { gaps: 0, finalMismatched: 0, orphans: 0, extra: 0 };
  for (const [id, now] of read) {
    const entries = feed.get(id) ?? [];
    const booking = run.bookings.get(id);
    if (!booking && !now) {
      if (entries.length)
        (f.orphans++,
          run.sample(`orphan entries: booking ${id} never acknowledged and absent, feed ${JSON.stringify(entries)}`));
      continue;
    }
    let unmatched = [...entries];
    for (const a of booking?.acked ?? []) {
      const at = unmatched.findIndex((e) => e.op === a.op && isDeepStrictEqual(e.data, a.data));
      if (at < 0) (f.gaps++, run.sample(`feed gap: booking ${id} ${a.op} ${show(a.data)} acknowledged, no entry`));
      else unmatched = unmatched.slice(at + 1);
    }
    // Left over: only the write in doubt (of an acknowledged booking) or the create in doubt (of an unknown one).
    const allowed = !booking || booking.doubt ? 1 : 0;
    if (unmatched.length > allowed)
      ((f.extra += unmatched.length - allowed),
        run.sample(`extra entries: booking ${id} ${JSON.stringify(unmatched)}`));
    const tail = last(entries);
    if (!tail ? now !== null : !isDeepStrictEqual(tail.op === 'delete' ? null : tail.data, now)) {
      f.finalMismatched++;
      run.sample(
        `feed final: booking ${id} is ${show(now)}, last entry ${tail ? `${tail.op} ${show(tail.data)}` : 'none'}`,
      );
    }
  }
  return f;
}

/** The run's two rows of one load: the bookings' final state, and the feed's. */
export function bookingRows(b: BookingLoadResult): { check: string; figure: string; ok: boolean }[] {
  const on = b.processes === 1 ? '1 process' : `${b.processes} processes`;
  const a = b.acknowledged;
  const doubt = `${b.inDoubt} requests in doubt (${b.inDoubtWrites} writes: ${b.doubtCommitted} found committed, ${b.inDoubtWrites - b.doubtCommitted} not)`;
  return [
    {
      check: `bookings under kill -9, ${on}`,
      figure:
        `${b.kills} kills, ${b.writers} writers, ${b.seconds} s; ${a.total} acknowledged writes: ${a.created} POST, ${a.bulkCreated + a.atomicCreated} bulk items (${a.atomicCreated} atomic), ${a.updated} PATCH, ${a.deleted} DELETE; ` +
        `${b.refused.intended} refused as meant, ${b.refused.unexpected} otherwise (${b.refused.serverErrors} 5xx), ${b.unsent} never accepted, ${doubt}, ${b.timeouts} unanswered after 30 s; ` +
        `${b.lost} lost, ${b.mismatched} changed, ${b.resurrected} deleted but present, ${b.refusedPresent} refused but present, ${b.unexplained} unexplained, ${b.wronglyAccepted} overlaps accepted; integrity: ${b.integrity}`,
      ok:
        b.lost + b.mismatched + b.resurrected + b.refusedPresent + b.unexplained + b.wronglyAccepted === 0 &&
        b.refused.serverErrors + b.timeouts === 0 &&
        /^ok/.test(b.integrity) &&
        a.total > 0,
    },
    {
      check: `change feed after kill -9 (bookings), ${on}`,
      figure: `${b.feed.entries} entries for ${a.total} acknowledged writes: ${b.feed.gaps} without their entry, ${b.feed.finalMismatched} bookings unlike their last entry, ${b.feed.orphans} absent unacknowledged bookings with entries, ${b.feed.extra} entries beyond the writes`,
      ok: b.feed.gaps + b.feed.finalMismatched + b.feed.orphans + b.feed.extra === 0 && b.feed.entries > 0,
    },
  ];
}
