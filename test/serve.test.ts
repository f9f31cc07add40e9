// `zeitkonto serve` as a real process: on an empty database it creates the demo tenant and prints a token and a
// curl line (README quick start); it serves; SIGTERM finishes and exits cleanly (graceful shutdown).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

test('serve on an empty SQLite database: demo tenant, printed token, working API, graceful SIGTERM', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-serve-'));
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      "const { main } = await import('./src/cli/index.ts'); process.exitCode = await main(['serve']);",
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
  let out = '';
  let stdout = '';
  child.stdout!.on('data', (d) => ((out += d), (stdout += d)));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
      child.stdout!.on('data', () => {
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
    });
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
    assert.equal(await exited, 0, out);
    assert.match(out, /shutting down/);
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
