// `npm run bench [-- options]`: generate (or reuse) a tenant, start the server as a separate production-mode
// process, drive it with autocannon in another process, measure the ceiling (a bare node:http server replaying
// the captured bytes of scenarios 1, 3 and 6) in the same run, and write Markdown + JSON under bench/results/.
// Options: see bench/README.md.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
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
    // The server runs as `npm start` runs it (a 160 MB old-space cap keeps RSS within budget).
    'server-flags': { type: 'string', default: '--max-old-space-size=160' },
  },
});

const scale = opts.scale ?? (opts.quick ? 'small' : 'medium');
const duration = Number(opts.duration ?? (opts.quick ? 3 : 15));
const warmup = Number(opts.warmup ?? (opts.quick ? 1 : 5));
const connections = Number(opts.connections);
const instance = `bench_${scale}_${opts.seed}`;
const dataDir = path.join(root, 'data', 'bench');
fs.mkdirSync(dataDir, { recursive: true });
const databaseUrl = opts.db ?? `file:${path.join(dataDir, `${instance}.db`)}`;
const env = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', NODE_ENV: 'production', RATE_LIMIT_5MIN: '1000000000', RATE_LIMIT_HOUR: '1000000000', TENANT_CACHE_MS: '5000' };
const log = (m: string) => process.stderr.write(`[bench] ${m}\n`);

function cli(args: string[]): string {
  const r = spawnSync(process.execPath, [path.join(root, 'bin', 'zeitkonto.js'), ...args], { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
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

function rssOf(pid: number): { rss: number; hwm: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

function runLoad(job: LoadJob): Promise<LoadResult> {
  const file = path.join(os.tmpdir(), `zk-bench-job-${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, JSON.stringify(job));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench', 'load-worker.ts'), file], { stdio: ['ignore', 'pipe', 'inherit'], cwd: root });
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
      log(`generating ${scale} data as tenant ${instance} (seed ${opts.seed}) into ${opts.db ? 'PostgreSQL' : databaseUrl}`);
      const started = Date.now();
      cli(['generate', instance, '--scale', scale, '--seed', String(opts.seed)]);
      log(`generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  }
  const token = cli(['token', 'create', instance, '--name', 'bench']);

  const port = 3900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  // --profile writes a V8 CPU profile of the server to bench/results/profiles/ (open it in Chrome DevTools).
  const profileArgs = opts.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(root, 'bench', 'results', 'profiles')}`] : [];
  const serverFlags = (opts['server-flags'] ?? '').split(/\s+/).filter(Boolean);
  const server = spawn(process.execPath, [...serverFlags, ...profileArgs, path.join(root, 'bin', 'zeitkonto.js'), 'serve'], { env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'] });
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(server.pid!).rss)), 100);
  try {
    await waitReady(base, server);
    const api = `${base}/${instance}/next/api/v1`;
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json' };
    const scenarios = await buildScenarios({ api, headers, seed: Number(opts.seed), quick: opts.quick ?? false });
    const selected = opts.only ? scenarios.filter((s) => opts.only!.split(',').includes(s.id)) : scenarios;

    const results: Record<string, any>[] = [];
    for (const s of selected) {
      log(`scenario ${s.id}: ${s.title}`);
      const before = peakRss;
      peakRss = rssOf(server.pid!).rss;
      const r = await runLoad({ url: base, connections: s.connections ?? connections, warmupSeconds: warmup, durationSeconds: duration, headers, requests: s.requests });
      results.push({ id: s.id, title: s.title, ...r, peakRssMB: Math.round(peakRss / 1048576), ceilingOf: s.ceilingOf });
      peakRss = Math.max(before, peakRss);
    }

    // The ceiling, in the same run: identical bytes from a bare node:http server in its own process.
    const ceilings = await measureCeilings(selected, headers, connections);
    for (const r of results) {
      const c = r.ceilingOf ? ceilings[r.ceilingOf] : undefined;
      if (c) r.ceilingRatio = Math.round((r.rps / c.rps) * 1000) / 1000;
    }
    const serverHwm = rssOf(server.pid!).hwm;
    report({ results, ceilings, serverPeakRssMB: Math.round(Math.max(peakRss, serverHwm) / 1048576) });
  } finally {
    clearInterval(sampler);
    server.kill('SIGTERM');
  }
}

async function measureCeilings(scenarios: Scenario[], headers: Record<string, string>, connections: number) {
  const out: Record<string, LoadResult> = {};
  for (const s of scenarios.filter((x) => x.capture)) {
    const file = path.join(os.tmpdir(), `zk-bench-ceiling-${s.id}.json`);
    fs.writeFileSync(file, JSON.stringify({ '/': s.capture }));
    const port = 3990 + Object.keys(out).length;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench', 'ceiling.ts'), file, String(port)], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], cwd: root });
    await new Promise((resolve) => child.once('message', resolve));
    try {
      log(`ceiling for scenario ${s.id}`);
      out[s.id] = await runLoad({ url: `http://127.0.0.1:${port}`, connections: s.connections ?? connections, warmupSeconds: warmup, durationSeconds: duration, headers, requests: s.requests.slice(0, 1000) });
    } finally {
      child.kill('SIGTERM');
      fs.rmSync(file, { force: true });
    }
  }
  return out;
}

function report(data: { results: Record<string, any>[]; ceilings: Record<string, LoadResult>; serverPeakRssMB: number }) {
  const meta = { date: new Date().toISOString(), scale, seed: Number(opts.seed), database: opts.db ? 'postgres' : 'sqlite', connections, durationSeconds: duration, warmupSeconds: warmup, node: process.version, cpus: os.cpus().length };
  const json = { meta, ...data };
  const lines = [
    `# zeitkonto benchmark — ${meta.date}`,
    '',
    `scale ${scale}, seed ${meta.seed}, ${meta.database}, ${connections} connections, ${warmup} s warm-up + ${duration} s measured, Node ${meta.node}, ${meta.cpus} CPUs`,
    '',
    '| scenario | req/s | ratio to ceiling | p50 ms | p99 ms | max ms | non-2xx | errors | peak RSS MB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...data.results.map((r) => `| ${r.id} ${r.title} | ${r.rps} | ${r.ceilingRatio ?? '—'} | ${r.p50} | ${r.p99} | ${r.max} | ${r.non2xx} | ${r.errors} | ${r.peakRssMB} |`),
    ...Object.entries(data.ceilings).map(([id, c]) => `| ceiling of ${id} (node:http, same bytes) | ${c.rps} | 1 | ${c.p50} | ${c.p99} | ${c.max} | ${c.non2xx} | ${c.errors} | — |`),
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
  const failed = data.results.filter((r) => r.errors > 0 || r.non2xx > r.requests * 0.01);
  if (failed.length) {
    log(`scenarios with errors or more than 1% non-2xx: ${failed.map((r) => r.id).join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((e) => {
  log(String(e?.stack ?? e));
  process.exit(1);
});
