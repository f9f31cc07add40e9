// The production install as README "Run in production" gives it: the checkout's files (what a clone has), then
// `npm ci --omit=dev` — no development packages — builds the server and the web app; `zeitkonto tenant create
// --admin` makes the first tenant; `zeitkonto serve` serves the API and the web app, the administrator signs in, and
// SIGTERM ends the server with exit 0. Packages come from npm's cache when the main install filled it (CI: the
// registry otherwise).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// The npm that comes with the Node running the tests (the fetched runtime has its own), else the one on PATH.
const nodeBin = path.dirname(process.execPath);
const env = { ...process.env, PATH: `${nodeBin}${path.delimiter}${process.env.PATH}` };

function copyCheckout(to: string) {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(listed.status, 0, listed.stderr);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const from = path.join(root, file);
    if (!fs.existsSync(from)) continue; // deleted in the working tree, not yet committed
    fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    fs.copyFileSync(from, path.join(to, file));
  }
}

test('npm ci --omit=dev builds what serve needs; first administrator, sign-in, web app, SIGTERM', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-install-'));
  const app = path.join(dir, 'app');
  try {
    copyCheckout(app);
    const install = spawnSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: app,
      env,
      encoding: 'utf8',
      timeout: 600_000,
    });
    assert.equal(install.status, 0, `${install.stdout}\n${install.stderr}`);
    for (const dev of ['eslint', 'prettier', 'puppeteer-core', 'openapi-typescript'])
      assert.equal(fs.existsSync(path.join(app, 'node_modules', dev)), false, `${dev} is a development package`);
    assert.ok(fs.existsSync(path.join(app, 'dist', 'cli', 'index.js')), 'the server is built');
    assert.ok(fs.existsSync(path.join(app, 'web', 'dist', 'index.html')), 'the web app is built');

    const dbEnv = { ...env, DATABASE_URL: `file:${path.join(dir, 'zk.db')}`, LOG_LEVEL: 'warn' };
    const zeitkonto = path.join(app, 'bin', 'zeitkonto.js');
    const created = spawnSync(process.execPath, [zeitkonto, 'tenant', 'create', 'acme', '--admin', 'chefin'], {
      cwd: app,
      env: dbEnv,
      encoding: 'utf8',
    });
    assert.equal(created.status, 0, `${created.stdout}\n${created.stderr}`);
    const password = /Administrator chefin.*: (\S+)$/m.exec(created.stdout)?.[1];
    assert.ok(password, created.stdout);

    const server = spawn(process.execPath, [zeitkonto, 'serve'], {
      cwd: app,
      env: { ...dbEnv, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    server.stdout!.on('data', (d) => (out += d));
    server.stderr!.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
        server.stdout!.on('data', () => {
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m) resolve((clearTimeout(timer), m[1]));
        });
      });
      const page = await fetch(`${url}/`);
      assert.equal(page.status, 200);
      assert.match(await page.text(), /<script type="module"/, 'the web app');
      const signIn = await fetch(`${url}/acme/next/api/v1/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'chefin', password }),
      });
      assert.equal(signIn.status, 201, await signIn.text());
      const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];
      const me = await fetch(`${url}/acme/next/api/v1/employees/chefin`, { headers: { cookie } });
      assert.equal(me.status, 200, await me.text());
      server.kill('SIGTERM');
      assert.equal(await exited, 0, out);
    } finally {
      server.kill('SIGKILL');
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
