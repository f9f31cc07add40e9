#!/usr/bin/env node
// Start-up time of `zeitkonto serve` as `npm start` runs it (same Node flags, build already done): from spawning
// the process to the first `GET /healthz` 200, then SIGTERM. Prints one JSON line per run with the wall time and
// CPU time of the process tree up to that answer (from /proc/<pid>/stat, Linux only).
//
//   node bench/startup.mjs [--runs N] [--cwd DIR] [--npm] [--vs DIR]
//
// DATABASE_URL and the rest of the environment are passed on. Runs against an existing database: the first start
// on an empty one (started with --demo) also creates the demo tenant, so run once before measuring. --vs DIR compares with the checkout
// in DIR (built, with node_modules): the two alternate run by run (A B A B ..., A = --cwd) and the medians and the
// median of the pairwise ratios A/B are printed last.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i === -1 ? fallback : args[i + 1];
};
const runs = Number(option('--runs', '1'));
// --npm: run `npm start` (its build check and npm itself included) instead of the server command alone.
const viaNpm = args.includes('--npm');
const cwd = path.resolve(option('--cwd', path.join(path.dirname(fileURLToPath(import.meta.url)), '..')));
const TICKS = 100; // USER_HZ on Linux

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The process and its live descendants (Linux: /proc/<pid>/task/<tid>/children). */
function processTree(pid) {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
    readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
  );
  return [pid, ...children.flatMap(processTree)];
}

/** User + system CPU seconds the process tree has used so far, children it already reaped included. */
function cpuSeconds(pids) {
  let ticks = 0;
  for (const pid of pids) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return ticks / TICKS;
}

async function once(cwd) {
  const port = await freePort();
  const started = process.hrtime.bigint();
  const [command, ...commandArgs] = viaNpm
    ? ['npm', 'start', '--silent']
    : [process.execPath, '--max-old-space-size=160', '--max-semi-space-size=16', 'bin/zeitkonto.js', 'serve'];
  const child = spawn(command, commandArgs, {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let ready = false;
  child.once('exit', () => {
    if (!ready) {
      console.error('zeitkonto serve ended before answering /healthz');
      process.exit(1);
    }
  });
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  ready = true;
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  const tree = processTree(child.pid);
  const cpu = cpuSeconds(tree);
  for (const pid of tree.reverse()) process.kill(pid, 'SIGTERM');
  const { code } = await exited;
  return { wall_s: Number(wall.toFixed(3)), cpu_s: Number(cpu.toFixed(2)), exit: code };
}

const vs = option('--vs', undefined);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const results = { A: [], B: [] };
for (let i = 0; i < runs; i++) {
  const a = await once(cwd);
  console.log(JSON.stringify({ run: 'A', ...a }));
  results.A.push(a);
  if (vs === undefined) continue;
  const b = await once(path.resolve(vs));
  console.log(JSON.stringify({ run: 'B', ...b }));
  results.B.push(b);
}
if (vs !== undefined) {
  const summary = {};
  for (const key of ['cpu_s', 'wall_s']) {
    summary[key] = {
      A: median(results.A.map((r) => r[key])),
      B: median(results.B.map((r) => r[key])),
      'A/B': Number(median(results.A.map((r, i) => r[key] / results.B[i][key])).toFixed(3)),
    };
  }
  console.log(JSON.stringify({ runs, A: cwd, B: path.resolve(vs), medians: summary }));
}
