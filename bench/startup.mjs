#!/usr/bin/env node
// Start-up time of `zeitkonto serve` as `npm start` runs it (same Node flags, build already done): from spawning
// the process to the first `GET /healthz` 200, then SIGTERM. Prints one JSON line per run with the wall time and
// CPU time of the process tree up to that answer (from /proc/<pid>/stat, Linux only).
//
//   node bench/startup.mjs [--runs N] [--cwd DIR] [--npm]   (DATABASE_URL and the rest of the environment are passed on)
//
// Runs against an existing database: the first start on an empty one also creates the demo tenant, so run once
// before measuring. To compare two builds, alternate them run by run (A B A B ...) and compare medians.
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

async function once() {
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

for (let i = 0; i < runs; i++) console.log(JSON.stringify(await once()));
