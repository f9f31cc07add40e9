// `npm run reliability [-- options]`: the fault-injection run on SQLite and PostgreSQL. Prints a table
// of figures and writes reliability/results/latest.json and latest.md (docs/reliability.md quotes them).
//   --db sqlite,postgres   databases (default both)
//   --seed N               seed of the generated load and bad input (default 13)
//   --requests N           bad-input requests per database (default 10000)
//   --kills N              SIGKILLs per database (default 6)
//   --redis URL            Redis for the two-process rate-limit check (default REDIS_URL or redis://127.0.0.1:6379)
//   --only a,b             durability, bookings, races, isolation, bad-input, cost, rate-limits, shutdown, webhook-targets, feed
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MODULES } from '../src/tenancy/tenants.js';
import { buildTestApp } from '../test/support/app.js';
import { operationsOf, runBadInput } from './bad-input.js';
import { bookingDurability, bookingRows } from './bookings.js';
import { bodyCost } from './cost.js';
import { durability } from './durability.js';
import { Random } from './random.js';
import { rateLimits } from './rate-limits.js';
import { prepareTarget, root, type Dialect } from './server.js';
import { gracefulShutdown } from './shutdown.js';

const { values: opts } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite,postgres' },
    seed: { type: 'string', default: '13' },
    requests: { type: 'string', default: '10000' },
    kills: { type: 'string', default: '6' },
    redis: { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    only: { type: 'string' },
  },
});
const seed = Number(opts.seed);
const RACE_ROUNDS = 40;
/** The machine's load average (1, 5, 15 minutes) at the start and end: the figures are wall times on a shared machine. */
const loadAtStart = os.loadavg();
const parts = new Set(
  (opts.only ?? 'durability,bookings,races,isolation,bad-input,cost,rate-limits,shutdown,webhook-targets,feed').split(
    ',',
  ),
);
const log = (m: string) => process.stderr.write(`[reliability] ${m}\n`);

interface Row {
  check: string;
  db: string;
  figure: string;
  ok: boolean;
}
const rows: Row[] = [];
const details: Record<string, unknown> = {};
const add = (check: string, db: string, figure: string, ok: boolean, detail?: unknown) => {
  rows.push({ check, db, figure, ok });
  if (detail !== undefined) details[`${check} ${db}`] = detail;
  log(`${ok ? 'ok  ' : 'FAIL'} ${check} [${db}]: ${figure}`);
};

/** A test file of the suite on one database (with extra environment): its pass and fail counts are the figure. */
function suite(
  file: string,
  dialect: Dialect,
  env: Record<string, string> = {},
): { pass: number; fail: number; figures: Record<string, Record<string, number>> } {
  const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'test.mjs'), file], {
    cwd: root,
    env: { ...process.env, ...env, ZK_TEST_DIALECTS: dialect },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = r.stdout + r.stderr;
  const count = (name: string) => Number(new RegExp(`ℹ ${name} (\\d+)`).exec(output)?.[1] ?? 0);
  const fail = count('fail');
  // Figures a test prints as `# figure <label>: {json}`.
  const figures = Object.fromEntries(
    [...output.matchAll(/# figure (\w+): (\{.*\})/g)].map((m) => [m[1], JSON.parse(m[2])]),
  );
  return { pass: count('pass'), fail: r.status !== 0 && fail === 0 ? 1 : fail, figures };
}

for (const dialect of opts.db.split(',') as Dialect[]) {
  const random = new Random(seed);
  if (parts.has('durability')) {
    const target = await prepareTarget(dialect);
    try {
      log(`durability on ${dialect}: ${opts.kills} SIGKILLs under a write load`);
      const d = await durability(target, random, Number(opts.kills));
      add(
        'durability (kill -9)',
        dialect,
        `${d.kills} kills, ${d.acknowledged} acknowledged writes, ${d.lost} lost, ${d.mismatched} changed; integrity: ${d.integrity}`,
        d.lost === 0 && d.mismatched === 0 && /^ok/.test(d.integrity),
        d,
      );
    } finally {
      await target.cleanup();
    }
  }
  if (parts.has('bookings')) {
    for (const processes of [1, 2]) {
      const target = await prepareTarget(dialect);
      try {
        log(`bookings on ${dialect}, ${processes} process(es): ${opts.kills} kills under POST, PATCH, DELETE and bulk`);
        const b = await bookingDurability(target, random, { kills: Number(opts.kills), processes });
        bookingRows(b).forEach((r, i) => add(r.check, dialect, r.figure, r.ok, i === 0 ? b : undefined));
      } catch (err) {
        add(`bookings under kill -9, ${processes} process(es)`, dialect, `the run failed: ${String(err)}`, false);
      } finally {
        await target.cleanup();
      }
    }
  }
  if (parts.has('races')) {
    const s = suite('test/contract/races.test.ts', dialect);
    add(
      'races (N parallel creates per rule)',
      dialect,
      `${s.pass} rules: exactly one of 12 won, losers got the field error; ${s.fail} failed`,
      s.fail === 0 && s.pass > 0,
    );
    // A state change (billing, closing a month, ending an employment, the invoice counter) against the writes that
    // depend on it, RACE_ROUNDS rounds each (npm test runs 10).
    const r = suite('test/contract/state-races.test.ts', dialect, { ZK_RACE_ROUNDS: String(RACE_ROUNDS) });
    add(
      'state changes racing dependent writes',
      dialect,
      `${r.pass} races × ${RACE_ROUNDS} rounds (billing vs items, bookings and receipts; closing a month vs bookings and receipts; ending an employment vs bookings; invoice counter vs explicit numbers): no write accepted against the new state; ${r.fail} failed`,
      r.fail === 0 && r.pass > 0,
    );
  }
  if (parts.has('isolation')) {
    const s = suite('test/contract/tenant-isolation.test.ts', dialect);
    add(
      'tenant isolation: paths and lists',
      dialect,
      `${s.pass} sweeps over every operation passed, ${s.fail} failed`,
      s.fail === 0 && s.pass > 0,
    );
    const f = suite('test/contract/foreign-references.test.ts', dialect);
    const { filters, bodies } = {
      filters: { filters: 0, requests: 0, proven: 0 },
      bodies: { fields: 0, requests: 0 },
      ...f.figures,
    };
    add(
      'tenant isolation: ids in filters and body references',
      dialect,
      `${filters.filters} list filters (${filters.requests} requests, ${filters.proven} with a value A's own filter finds): none of A's records; ${bodies.fields} body reference fields (${bodies.requests} writes): all 404/422 on the field, none stored; ${f.fail} failed`,
      f.fail === 0 && f.pass > 0,
      f.figures,
    );
  }
  if (parts.has('webhook-targets')) {
    // A listener on every interface of this machine counts deliveries that must not arrive (the file's own test).
    const s = suite('test/modules/webhooks/webhook-targets.test.ts', dialect);
    const { urls, attempts, arrived } = { urls: 0, attempts: 0, arrived: -1, ...s.figures.targets };
    add(
      'webhook targets at delivery (WEBHOOKS_ALLOW_PRIVATE=false)',
      dialect,
      `${urls} URLs naming this machine or internal networks (literals in every spelling, names, own interface addresses), stored while allowed: ${attempts} delivery attempts, all refused, ${arrived} arrived at the listener; redirects not followed; ${s.fail} failed`,
      s.fail === 0 && s.pass > 0 && arrived === 0 && attempts > 0,
      s.figures,
    );
  }
  if (parts.has('bad-input')) {
    // Limits off: the sweep is about answers to bad input, not about 429s.
    const ctx = await buildTestApp(dialect, { rateLimit: { perFiveMinutes: 1e9, perHour: 1e9 } });
    try {
      const c = await ctx.tenant({ modules: [...MODULES] });
      const doc = (await c.get('/openapi.json')).body;
      const started = Date.now();
      const b = await runBadInput(
        operationsOf(doc),
        `/${c.tenant.instance}/next/api/v1`,
        seed,
        Number(opts.requests),
        async (s) => {
          const r = await ctx.inject({
            method: s.method as any,
            url: s.url,
            headers: {
              authorization: `Bearer ${c.token}`,
              accept: 'application/json',
              ...(s.contentType ? { 'content-type': s.contentType } : {}),
            },
            ...(s.payload !== undefined ? { payload: s.payload } : {}),
          });
          return { status: r.status, contentType: r.headers['content-type'] as string | undefined, body: r.text };
        },
      );
      const statuses = Object.entries(b.byStatus)
        .map(([k, v]) => `${k}×${v}`)
        .join(' ');
      add(
        'bad input (generated, seeded)',
        dialect,
        `${b.requests} requests over ${b.operations} operations (seed ${seed}, ${Math.round((Date.now() - started) / 1000)} s): ${b.serverErrors} 5xx, ${b.notEnvelope} outside the envelope, ${b.leaks} leaks; ${statuses}`,
        b.serverErrors + b.notEnvelope + b.leaks === 0,
        b,
      );
    } finally {
      await ctx.close();
    }
    // Every hostile value of test/contract/support/hostile-values.ts alone in a valid body, for every field of every
    // write operation (npm test sends a selection): 422 on the field, nothing written.
    for (const [file, figure, writes] of [
      ['test/contract/robustness-bodies.test.ts', 'hostilePost', 'POST'],
      ['test/contract/robustness-updates.test.ts', 'hostileUpdate', 'PATCH and PUT'],
    ] as const) {
      const s = suite(file, dialect, { ZK_SWEEP_FULL: '1' });
      const f = s.figures[figure] ?? {};
      add(
        `hostile values alone (${writes})`,
        dialect,
        `${f.hostile ?? 0} hostile values, each alone in a valid body of every ${writes} (${f.requests ?? 0} requests with the other bad bodies, ${f.seconds ?? '?'} s): every one a 422 on its field, nothing written; ${s.fail} failed`,
        s.fail === 0 && s.pass > 0 && (f.hostile ?? 0) > 0,
        s.figures,
      );
    }
    const lists = suite('test/contract/list-filters.test.ts', dialect);
    const lf = lists.figures.listFilters ?? {};
    add(
      'date filters and windows on every list',
      dialect,
      `${lf.lists ?? 0} lists × ${lf.dateParameters ?? 0} date parameters (${lf.requests ?? 0} requests): declared ones validated, others not applied, reversed windows 422; ${lists.fail} failed`,
      lists.fail === 0 && lists.pass > 0,
      lists.figures,
    );
  }
  if (parts.has('cost')) {
    const ctx = await buildTestApp(dialect);
    try {
      const k = await bodyCost(ctx);
      add(
        '1 MB body of 500,000 elements',
        dialect,
        `refused in ${k.cleanMs.toFixed(0)} ms (with a NUL escape: ${k.nulMs.toFixed(0)} ms); /healthz behind four of them: ${k.healthzMs.toFixed(0)} ms`,
        true,
        k,
      );
    } finally {
      await ctx.close();
    }
  }
  if (parts.has('rate-limits')) {
    const target = await prepareTarget(dialect);
    try {
      const r = await rateLimits(target, opts.redis);
      add(
        'rate limit, two processes, one Redis',
        dialect,
        `${r.admitted} of ${r.sent} admitted (limit ${r.limit}), ${r.refused} refused, ${r.other} other`,
        r.admitted === r.limit && r.other === 0,
        r,
      );
    } finally {
      await target.cleanup();
    }
  }
  if (parts.has('feed')) {
    // Every write operation of the document (npm test runs a part): exactly the changed records in the feed and outbox.
    const s = suite('test/contract/feed-completeness.test.ts', dialect, { ZK_FEED_SWEEP: 'all' });
    const f = { writes: 0, records: 0, seconds: 0, failures: 0, ...s.figures.feed };
    add(
      'change feed and webhooks over every write',
      dialect,
      `${f.writes} writes, ${f.records} changed records in ${f.seconds} s: ${f.failures} records without their one entry, entries without a change or outbox mismatches`,
      s.fail === 0 && s.pass > 0,
      f,
    );
  }
  if (parts.has('shutdown')) {
    const target = await prepareTarget(dialect);
    try {
      const s = await gracefulShutdown(target, random);
      const received = s.server.requests ?? -1;
      const unansweredAccepted = s.unanswered - s.resetInBacklog;
      add(
        'graceful shutdown under load',
        dialect,
        `server: ${s.server.requests} requests received, ${s.server.answered} answered; client: ${s.answered} answered, ${s.unanswered} reset (${s.resetInBacklog} of them never accepted: in the listen backlog at close), ${s.refused} refused after close; ${s.acknowledged} acknowledged writes, ${s.lost} lost; exit ${s.exitCode}`,
        received >= 0 && s.server.answered === received && unansweredAccepted <= 0 && s.lost === 0 && s.exitCode === 0,
        s,
      );
    } finally {
      await target.cleanup();
    }
  }
}

const when = new Date().toISOString();
const table = [
  '| Check | DB | Figure | |',
  '|---|---|---|---|',
  ...rows.map((r) => `| ${r.check} | ${r.db} | ${r.figure} | ${r.ok ? 'ok' : '**FAIL**'} |`),
].join('\n');
const dir = path.join(root, 'reliability', 'results');
fs.mkdirSync(dir, { recursive: true });
const load = {
  start: loadAtStart.map((x) => Number(x.toFixed(2))),
  end: os.loadavg().map((x) => Number(x.toFixed(2))),
  cores: os.cpus().length,
};
fs.writeFileSync(path.join(dir, 'latest.json'), JSON.stringify({ when, seed, load, rows, details }, null, 2));
const loadLine = `Load average (1/5/15 min) at start ${load.start.join(' / ')}, at end ${load.end.join(' / ')}, on ${load.cores} cores.`;
fs.writeFileSync(path.join(dir, 'latest.md'), `# Reliability run ${when} (seed ${seed})\n\n${loadLine}\n\n${table}\n`);
process.stdout.write(`${table}\n`);
process.exit(rows.every((r) => r.ok) ? 0 : 1);
