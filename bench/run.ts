// `npm run bench [-- options]`: generate (or reuse) a tenant, start the server as a separate production-mode
// process, drive it with autocannon in another process, measure two ceilings in the same run — the data-bound one
// (the app's own statements and bytes replayed by a minimal Fastify process, alternated with the app) and the bare
// one (a node:http server replaying the captured bytes of scenarios 1, 3 and 6) — with server CPU per request, and
// write Markdown + JSON under bench/results/.
// Options: see bench/README.md.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { captureReplays } from './data-bound.js';
import type { LoadJob, LoadResult } from './load-worker.js';
import { buildScenarios, type Scenario } from './scenarios.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { values: opts } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    scale: { type: 'string' },
    db: { type: 'string' },
    seed: { type: 'string', default: '1' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    reuse: { type: 'boolean', default: false },
    only: { type: 'string' },
    profile: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    processes: { type: 'string' },
    // A/B: a second build (a copy of another commit's dist/) served alongside, its windows interleaved with the app's.
    compare: { type: 'string' },
    // The server runs as `npm start` runs it (160 MB old space and 16 MB semi-spaces keep RSS within budget).
    'server-flags': { type: 'string', default: '--max-old-space-size=160 --max-semi-space-size=16' },
    // A/B of Node flags: the --compare build runs with these instead of --server-flags (e.g. the same dist/ copied).
    'compare-flags': { type: 'string' },
    // A/B order: measure the --compare build first in every round (the first of a pair tends to be favoured).
    'b-first': { type: 'boolean', default: false },
    // Environment of the --compare build only, KEY=VALUE, repeatable: e.g. PGOPTIONS=-c zk.journal=off for a build
    // from before the write journal on a PostgreSQL database that has its triggers.
    'compare-env': { type: 'string', multiple: true },
    // Who calls: `service` (a tenant token, default) or `admin`: a personal token of an Administrator of the tenant,
    // so every request also reads the employee's rights and is authorised as a person (docs/api/permissions.md).
    as: { type: 'string', default: 'service' },
  },
});

const scale = opts.scale ?? (opts.quick ? 'small' : 'medium');
const duration = Number(opts.duration ?? (opts.quick ? 3 : 15));
const warmup = Number(opts.warmup ?? (opts.quick ? 1 : 5));
const connections = Number(opts.connections);
const rounds = Number(opts.rounds ?? (opts.quick ? 1 : 2));
const processes = Number(opts.processes ?? 1);
const instance = `bench_${scale}_${opts.seed}`;
const dataDir = path.join(root, 'data', 'bench');
fs.mkdirSync(dataDir, { recursive: true });
const databaseUrl = opts.db ?? `file:${path.join(dataDir, `${instance}.db`)}`;
const env = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  RATE_LIMIT_5MIN: '1000000000',
  RATE_LIMIT_HOUR: '1000000000',
  TENANT_CACHE_MS: '5000',
};
const log = (m: string) => process.stderr.write(`[bench] ${m}\n`);

/** A personal token of an Administrator of the tenant (the first employee, made one if needed), through the API. */
async function adminToken(api: string, service: string): Promise<string> {
  const call = async (method: string, url: string, body?: unknown) => {
    const r = await fetch(`${api}${url}`, {
      method,
      headers: { authorization: `Bearer ${service}`, 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${method} ${url}: ${r.status} ${await r.text()}`);
    return (await r.json()) as { data: any };
  };
  const employee = (await call('GET', '/employees?limit=1')).data[0];
  if (employee.rights.id !== 1)
    await call('PATCH', `/employees/${encodeURIComponent(employee.username)}`, { rights: 1 });
  log(`calling as ${employee.username}, an Administrator, with a personal token`);
  return (await call('POST', '/tokens', { name: 'bench', employee_id: employee.username })).data.token;
}

function cli(args: string[]): string {
  const r = spawnSync(process.execPath, [path.join(root, 'bin', 'zeitkonto.js'), ...args], {
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`zeitkonto ${args.join(' ')} failed:\n${r.stderr}${r.stdout}`);
  return r.stdout.trim();
}

async function waitReady(base: string, child: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}

/** A process and its descendants (the workers of `--processes N`). */
function family(pid: number): number[] {
  try {
    const children = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return [pid, ...children.flatMap(family)];
  } catch {
    return [pid];
  }
}

/** Resident memory of a process and its descendants, now and at their peaks (summed). */
function rssOf(pid: number): { rss: number; hwm: number } {
  let rss = 0;
  let hwm = 0;
  for (const p of family(pid)) {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      rss += kb('VmRSS') * 1024;
      hwm += kb('VmHWM') * 1024;
    } catch {
      // exited
    }
  }
  return { rss, hwm };
}

function runLoad(job: LoadJob): Promise<LoadResult> {
  const file = path.join(os.tmpdir(), `zk-bench-job-${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, JSON.stringify(job));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench', 'load-worker.ts'), file], {
      stdio: ['ignore', 'pipe', 'inherit'],
      cwd: root,
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      fs.rmSync(file, { force: true });
      if (code !== 0) return reject(new Error(`load worker exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').pop()!));
    });
  });
}

async function main() {
  log(`building (npm run build)`);
  const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');

  const tenants = cli(['tenant', 'list']);
  const exists = tenants.split('\n').some((l) => l.split('\t')[0] === instance);
  if (!exists || !opts.reuse) {
    if (exists) log(`reusing generated tenant ${instance} (pass a new --seed or delete ${dataDir} to regenerate)`);
    else {
      log(
        `generating ${scale} data as tenant ${instance} (seed ${opts.seed}) into ${opts.db ? 'PostgreSQL' : databaseUrl}`,
      );
      const started = Date.now();
      cli(['generate', instance, '--scale', scale, '--seed', String(opts.seed)]);
      log(`generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  }
  const token = cli(['token', 'create', instance, '--name', 'bench']);

  const port = 3900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  // --profile writes a V8 CPU profile of the server to bench/results/profiles/ (open it in Chrome DevTools).
  const profileArgs = opts.profile
    ? ['--cpu-prof', `--cpu-prof-dir=${path.join(root, 'bench', 'results', 'profiles')}`]
    : [];
  const serverFlags = (opts['server-flags'] ?? '').split(/\s+/).filter(Boolean);
  const serverArgs =
    processes > 1
      ? [
          path.join(root, 'bench', 'cluster.mjs'),
          String(processes),
          path.join(root, 'dist', 'cli', 'index.js'),
          ...serverFlags,
          ...profileArgs,
        ]
      : [...serverFlags, ...profileArgs, path.join(root, 'bin', 'zeitkonto.js'), 'serve'];
  const server = spawn(process.execPath, serverArgs, {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const compareFlags =
    opts['compare-flags'] === undefined ? serverFlags : opts['compare-flags'].split(/\s+/).filter(Boolean);
  const compare = opts.compare ? await startCompare(path.resolve(opts.compare), compareFlags) : undefined;
  let peakRss = 0;
  let peakRssB = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssOf(server.pid!).rss);
    if (compare) peakRssB = Math.max(peakRssB, rssOf(compare.child.pid!).rss);
  }, 100);
  try {
    await waitReady(base, server);
    const api = `${base}/${instance}/next/api/v1`;
    const caller = opts.as === 'admin' ? await adminToken(api, token) : token;
    const headers = {
      authorization: `Bearer ${caller}`,
      accept: 'application/json',
      'content-type': 'application/json',
    };
    const scenarios = await buildScenarios({ api, headers, seed: Number(opts.seed), quick: opts.quick ?? false });
    const selected = opts.only ? scenarios.filter((s) => opts.only!.split(',').includes(s.id)) : scenarios;

    // The data-bound ceiling: the statements the app runs per read request and its bytes, replayed by a minimal
    // Fastify process on the same database (bench/data-bound.ts), measured alternately with the app.
    const reads = selected.filter((s) => s.requests.every((r) => r.method === 'GET'));
    log(
      `recording the statements of ${new Set(reads.flatMap((s) => s.requests.map((r) => r.path))).size} read requests for the data-bound ceiling`,
    );
    const replays = await captureReplays(
      env,
      reads.flatMap((s) => s.requests.map((r) => r.path)),
      headers,
    );
    const dataBound = await startCeiling('data-ceiling.ts', replays, [databaseUrl]);

    const results: Record<string, any>[] = [];
    try {
      for (const s of selected) {
        log(`scenario ${s.id}: ${s.title}`);
        const before = peakRss;
        peakRss = rssOf(server.pid!).rss;
        const job = { connections: s.connections ?? connections, headers, requests: s.requests };
        const isRead = reads.includes(s);
        let next = (await runLoad({ ...job, url: base, warmupSeconds: 0, durationSeconds: warmup })).next;
        if (isRead) await runLoad({ ...job, url: dataBound.url, warmupSeconds: 0, durationSeconds: warmup });
        if (compare)
          next = (
            await runLoad({ ...job, url: compare.base, warmupSeconds: 0, durationSeconds: warmup, startAt: next })
          ).next;
        const app: Window[] = [];
        const bound: Window[] = [];
        const b: Window[] = [];
        for (let round = 0; round < (isRead || compare ? rounds : 1); round++) {
          const measureB = async () => {
            if (!compare) return;
            const wb = await measure(compare.child.pid!, { ...job, url: compare.base, startAt: next });
            next = wb.next;
            b.push(wb);
          };
          if (opts['b-first']) await measureB();
          const w = await measure(server.pid!, { ...job, url: base, startAt: next });
          next = w.next;
          app.push(w);
          if (!opts['b-first']) await measureB();
          if (isRead) bound.push(await measure(dataBound.child.pid!, { ...job, url: dataBound.url }));
        }
        const r = combine(app);
        const db = bound.length ? combine(bound) : undefined;
        results.push({
          id: s.id,
          title: s.title,
          ...r,
          peakRssMB: Math.round(peakRss / 1048576),
          ceilingOf: s.ceilingOf,
          dataBound: db && {
            rps: db.rps,
            cpuUs: db.cpuUs,
            p50: db.p50,
            p99: db.p99,
            non2xx: db.non2xx,
            errors: db.errors,
          },
          dataBoundRatio: db && ratio(r.rps, db.rps),
          dataBoundCpuRatio: db && ratio(db.cpuUs, r.cpuUs),
        });
        if (compare) {
          const rb = combine(b);
          results.push({
            id: `${s.id} B`,
            title: `(${opts.compare}${opts['compare-flags'] === undefined ? '' : ` ${opts['compare-flags']}`})`,
            ...rb,
            peakRssMB: Math.round(peakRssB / 1048576),
            ceilingOf: s.ceilingOf,
            dataBoundRatio: db && ratio(rb.rps, db.rps),
            dataBoundCpuRatio: db && ratio(db.cpuUs, rb.cpuUs),
          });
        }
        peakRss = Math.max(before, peakRss);
      }
    } finally {
      dataBound.child.kill('SIGTERM');
      compare?.child.kill('SIGTERM');
    }

    // The bare ceiling, in the same run: identical bytes from a bare node:http server in its own process.
    const ceilings = await measureCeilings(selected, headers, connections);
    for (const r of results) {
      const c = r.ceilingOf ? ceilings[r.ceilingOf] : undefined;
      if (c) r.ceilingRatio = ratio(r.rps, c.rps);
    }
    const serverHwm = rssOf(server.pid!).hwm;
    report({ results, ceilings, serverPeakRssMB: Math.round(Math.max(peakRss, serverHwm) / 1048576) });
  } finally {
    clearInterval(sampler);
    server.kill('SIGTERM');
  }
}

/** The --compare build: its dist/ served on the same database (the B of an A/B run). */
async function startCompare(dist: string, flags: string[]) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const start = `import(${JSON.stringify(path.join(dist, 'cli', 'index.js'))}).then((m) => m.main(['serve']))`;
  const extra = Object.fromEntries(
    (opts['compare-env'] ?? []).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );
  const child = spawn(process.execPath, [...flags, '--input-type=module', '-e', start], {
    env: { ...env, ...extra, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitReady(base, child);
  return { child, base, api: `${base}/${instance}/next/api/v1` };
}

interface Window extends LoadResult {
  seconds: number;
  /** Server CPU (user + system, all threads) per request in µs, from /proc/<pid>/stat. */
  cpuUs: number;
}

const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/** CPU seconds a process and its descendants have used so far (user + system). */
function cpuSeconds(pid: number): number {
  let ticks = 0;
  for (const p of family(pid)) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    } catch {
      // exited
    }
  }
  return ticks / clockTicks;
}

/** One measured window (no warm-up) against the process `pid`, with its CPU per request. */
async function measure(pid: number, job: Omit<LoadJob, 'warmupSeconds' | 'durationSeconds'>): Promise<Window> {
  const cpu0 = cpuSeconds(pid);
  const r = await runLoad({ ...job, warmupSeconds: 0, durationSeconds: duration });
  const cpu = cpuSeconds(pid) - cpu0;
  return { ...r, seconds: duration, cpuUs: r.requests ? Math.round((cpu * 1e6) / r.requests) : 0 };
}

/** Several windows as one: requests and CPU summed, latencies of the worst window. */
function combine(ws: Window[]): Window {
  const requests = ws.reduce((a, w) => a + w.requests, 0);
  const seconds = ws.reduce((a, w) => a + w.seconds, 0);
  const cpu = ws.reduce((a, w) => a + w.cpuUs * w.requests, 0);
  const statusCodes: Record<string, number> = {};
  for (const w of ws) for (const [k, v] of Object.entries(w.statusCodes)) statusCodes[k] = (statusCodes[k] ?? 0) + v;
  const sum = (k: 'non2xx' | 'errors') => ws.reduce((a, w) => a + w[k], 0);
  const max = (k: 'p50' | 'p99' | 'max') => Math.max(...ws.map((w) => w[k]));
  return {
    requests,
    seconds,
    rps: Math.round((requests / seconds) * 10) / 10,
    cpuUs: requests ? Math.round(cpu / requests) : 0,
    p50: max('p50'),
    p99: max('p99'),
    max: max('max'),
    non2xx: sum('non2xx'),
    errors: sum('errors'),
    statusCodes,
    next: ws.at(-1)!.next,
  };
}

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 1000 : 0);

// Random like the servers' ports: several benches may run on one machine at once.
let ceilingPort = 4000 + Math.floor(Math.random() * 900);

/** Start a ceiling server (bench/<script>) in its own process with its data file. */
async function startCeiling(script: string, data: unknown, args: string[] = []) {
  const file = path.join(os.tmpdir(), `zk-bench-${script}-${process.pid}-${ceilingPort}.json`);
  fs.writeFileSync(file, JSON.stringify(data));
  const port = ceilingPort++;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench', script), file, String(port), ...args],
    { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], cwd: root },
  );
  child.once('exit', () => fs.rmSync(file, { force: true }));
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

async function measureCeilings(scenarios: Scenario[], headers: Record<string, string>, connections: number) {
  const out: Record<string, Window> = {};
  for (const s of scenarios.filter((x) => x.capture)) {
    const ceiling = await startCeiling('ceiling.ts', { '/': s.capture });
    try {
      log(`ceiling for scenario ${s.id}`);
      const job = {
        url: ceiling.url,
        connections: s.connections ?? connections,
        headers,
        requests: s.requests.slice(0, 1000),
      };
      await runLoad({ ...job, warmupSeconds: 0, durationSeconds: warmup });
      out[s.id] = await measure(ceiling.child.pid!, job);
    } finally {
      ceiling.child.kill('SIGTERM');
    }
  }
  return out;
}

function report(data: { results: Record<string, any>[]; ceilings: Record<string, Window>; serverPeakRssMB: number }) {
  const meta = {
    date: new Date().toISOString(),
    scale,
    seed: Number(opts.seed),
    database: opts.db ? 'postgres' : 'sqlite',
    connections,
    durationSeconds: duration,
    warmupSeconds: warmup,
    rounds,
    processes,
    node: process.version,
    cpus: os.cpus().length,
    loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
  };
  const json = { meta, ...data };
  const lines = [
    `# zeitkonto benchmark — ${meta.date}`,
    '',
    `scale ${scale}, seed ${meta.seed}, ${meta.database}, ${connections} connections, ${warmup} s warm-up + ${duration} s measured (× ${rounds} rounds for reads, alternated with the data-bound ceiling), ${processes} server process${processes > 1 ? 'es' : ''}, Node ${meta.node}, ${meta.cpus} CPUs, load average ${meta.loadAverage.join(' / ')}`,
    '',
    'CPU µs/req: server CPU (user + system) per request over the measured windows, the steadier figure on a shared machine.',
    'Data-bound: a minimal Fastify process running the statements the app runs for the same request and sending its bytes.',
    '',
    '| scenario | req/s | CPU µs/req | ratio to bare ceiling | data-bound req/s | data-bound CPU µs/req | ratio to data-bound (req/s) | ratio to data-bound (CPU) | p50 ms | p99 ms | max ms | non-2xx | errors | peak RSS MB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...data.results.map(
      (r) =>
        `| ${r.id} ${r.title} | ${r.rps} | ${r.cpuUs} | ${r.ceilingRatio ?? '—'} | ${r.dataBound?.rps ?? '—'} | ${r.dataBound?.cpuUs ?? '—'} | ${r.dataBoundRatio ?? '—'} | ${r.dataBoundCpuRatio ?? '—'} | ${r.p50} | ${r.p99} | ${r.max} | ${r.non2xx} | ${r.errors} | ${r.peakRssMB} |`,
    ),
    ...Object.entries(data.ceilings).map(
      ([id, c]) =>
        `| bare ceiling of ${id} (node:http, same bytes) | ${c.rps} | ${c.cpuUs} | 1 | — | — | — | — | ${c.p50} | ${c.p99} | ${c.max} | ${c.non2xx} | ${c.errors} | — |`,
    ),
    '',
    `Server peak RSS over the run: ${data.serverPeakRssMB} MB.`,
  ];
  const dir = path.join(root, 'bench', 'results');
  const stamp = meta.date.replace(/[:.]/g, '-');
  fs.writeFileSync(path.join(dir, `${stamp}.json`), JSON.stringify(json, null, 2));
  fs.writeFileSync(path.join(dir, `${stamp}.md`), lines.join('\n') + '\n');
  fs.writeFileSync(path.join(dir, 'latest.json'), JSON.stringify(json, null, 2));
  fs.writeFileSync(path.join(dir, 'latest.md'), lines.join('\n') + '\n');
  process.stdout.write(lines.join('\n') + '\n');
  const failed = data.results.filter(
    (r) =>
      r.errors > 0 ||
      r.non2xx > r.requests * 0.01 ||
      (r.dataBound && (r.dataBound.errors > 0 || r.dataBound.non2xx > 0)),
  );
  if (failed.length) {
    log(`scenarios with errors or more than 1% non-2xx: ${failed.map((r) => r.id).join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((e) => {
  log(String(e?.stack ?? e));
  process.exit(1);
});
