// `zeitkonto serve` as a real process: on an empty database it creates the demo tenant and prints a token and a
// curl line (README quick start); it serves; SIGTERM finishes and exits cleanly (graceful shutdown).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** `zeitkonto serve <args>` from the sources on a fresh SQLite file; resolves once it listens. */
async function startServe(args: string[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-serve-'));
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { main } = await import('./src/cli/index.ts'); process.exitCode = await main(${JSON.stringify(['serve', ...args])});`,
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: `file:${path.join(dir, 'zk.db')}`,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const run = { child, dir, out: '', stdout: '', url: '' };
  child.stdout!.on('data', (d) => ((run.out += d), (run.stdout += d)));
  child.stderr!.on('data', (d) => (run.out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  run.url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${run.out}`)), 60_000);
    child.stdout!.on('data', () => {
      const m = /listening on (http:\/\/\S+)/.exec(run.out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
  return Object.assign(run, { exited });
}

test('serve without --demo on an empty database creates no tenant and says how to make one', async () => {
  const run = await startServe([]);
  try {
    assert.match(run.out, /no tenant yet[\s\S]*zeitkonto tenant create <instance> --admin <username>/);
    assert.doesNotMatch(run.out, /zk_[A-Za-z0-9_-]{43}/, 'no token is printed');
    const res = await fetch(`${run.url}/demo/next/api/v1/employees`, { headers: { authorization: 'Bearer x' } });
    assert.equal(res.status, 401, 'there is no demo tenant');
    run.child.kill('SIGTERM');
    assert.equal(await run.exited, 0, run.out);
  } finally {
    run.child.kill('SIGKILL');
    fs.rmSync(run.dir, { recursive: true, force: true });
  }
});

test('serve --demo on an empty SQLite database: demo tenant, printed token, working API, graceful SIGTERM', async () => {
  const run = await startServe(['--demo']);
  const { child, dir, url, exited } = run;
  try {
    const out = run.out;
    const token = /^\s+(zk_[A-Za-z0-9_-]{43})$/m.exec(out)?.[1];
    assert.ok(token, `a token is printed:\n${out}`);
    assert.ok(out.includes(`curl -H "Authorization: Bearer ${token}" ${url}/demo/next/api/v1/employees`), out);
    const employees = await fetch(`${url}/demo/next/api/v1/employees`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(employees.status, 200);
    assert.ok(((await employees.json()) as any).meta.total > 0, 'the demo tenant has employees');
    const bookings = await fetch(`${url}/demo/next/api/v1/attendances?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.ok(((await bookings.json()) as any).meta.total > 0, 'the demo tenant has a month of bookings');
    // The quick start ends in a browser: the web app at / and a demo employee's printed password signs in.
    const password = /^\s+max\.mustermann\s+(\S+)\s+\(User\)$/m.exec(out)?.[1];
    assert.ok(password, `the demo employees' passwords are printed:\n${out}`);
    const signIn = await fetch(`${url}/demo/next/api/v1/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'max.mustermann', password }),
    });
    assert.equal(signIn.status, 201, await signIn.text());
    const app = await fetch(`${url}/`);
    assert.equal(app.status, 200);
    assert.match(app.headers.get('content-type') ?? '', /text\/html/);
    child.kill('SIGTERM');
    assert.equal(await exited, 0, run.out);
    assert.match(run.out, /shutting down/);
    const stdout = run.stdout;
    // stdout is not a terminal: JSON log lines, and the banner in one piece after the start's log line and before
    // the request logs (logs and banner share one stream: the order is the order of writing).
    const lines = stdout.split('\n').filter(Boolean);
    const banner = lines.findIndex((l) => l.startsWith('Created the demo tenant'));
    const listening = lines.findIndex((l) => l.startsWith('zeitkonto listening on'));
    const logs = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { msg: string });
    assert.ok(banner >= 0 && listening > banner, stdout);
    assert.ok(
      lines.slice(banner, listening + 1).every((l) => !l.startsWith('{')),
      `the banner is not interrupted by logs:\n${stdout}`,
    );
    assert.deepEqual(
      lines.slice(0, banner).map((l) => JSON.parse(l).msg),
      [`Server listening at ${url}`],
      stdout,
    );
    const requestLogs = lines.slice(listening + 1).map((l) => JSON.parse(l).msg);
    assert.ok(
      requestLogs.some((msg) => msg.startsWith('GET /demo/next/api/v1/employees 200 ')),
      stdout,
    );
    assert.equal(
      logs.filter((l) => l.msg.startsWith('GET /demo/next/api/v1/employees ')).length,
      1,
      'one line per request',
    );
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** Whether any process of the group still runs. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

test('npm run demo (the README’s quick start, npm start with --demo): memory flags; SIGTERM to npm answers what was accepted and leaves no process', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-start-'));
  // Its own process group: what npm leaves behind is found by the group, whatever the process tree looked like.
  const npm = spawn('npm', ['run', 'demo', '--silent'], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${path.join(dir, 'zk.db')}`,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'pretty',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  npm.stdout!.on('data', (d) => (out += d));
  npm.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => npm.on('exit', () => resolve()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 120_000);
      npm.stdout!.on('data', () => {
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
    });
    const token = /^\s+(zk_[A-Za-z0-9_-]{43})$/m.exec(out)?.[1];
    assert.ok(token, out);
    const group = spawnSync('ps', ['-o', 'args=', '-g', String(npm.pid)], { encoding: 'utf8' }).stdout;
    assert.match(group, /--max-old-space-size=160 --max-semi-space-size=16 .*zeitkonto\.js serve/, group);
    // Ten pages on ten connections, all connected (accepted by the server's kernel) before SIGTERM reaches npm, sent
    // once the first page is answered: every one is answered.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
    const connected: Promise<void>[] = [];
    const pages = Array.from(
      { length: 10 },
      () =>
        new Promise<number>((resolve, reject) => {
          const req = http.get(
            `${url}/demo/next/api/v1/attendances?limit=200`,
            { agent, headers: { authorization: `Bearer ${token}` } },
            (res) => res.resume().on('end', () => resolve(res.statusCode!)),
          );
          req.on('error', reject);
          connected.push(new Promise((done) => req.on('socket', (socket) => socket.once('connect', () => done()))));
        }),
    );
    await Promise.all(connected);
    await Promise.race(pages);
    process.kill(npm.pid!, 'SIGTERM');
    const statuses = await Promise.all(pages.map((p) => p.catch((e) => String(e))));
    agent.destroy();
    assert.deepEqual(statuses, Array(10).fill(200), out);
    await exited;
    const deadline = Date.now() + 15_000;
    while (groupAlive(npm.pid!) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.equal(groupAlive(npm.pid!), false, `a process of npm start outlived it:\n${out}`);
  } finally {
    if (groupAlive(npm.pid!)) process.kill(-npm.pid!, 'SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
