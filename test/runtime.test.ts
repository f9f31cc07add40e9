// Zeitkonto runs on every supported Node line. The built `zeitkonto serve` (bin/zeitkonto.js, as operators
// start it) as a real process on each Node the run knows (this one, plus ZK_TEST_NODES), on an empty database (the
// first start migrates and creates the demo tenant), with extra full garbage collections: load with many distinct
// statements (more than the prepared-statement cache keeps, so the collector finalises evicted ones) and writes,
// then SIGTERM — the process must answer everything and exit with 0, not abort. better-sqlite3 12 on Node 24 aborted
// here (statements finalised by the collector: SIGABRT in Statement::~Statement), most often during the first start.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { isSupported } from '../scripts/node-runtime.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const forceGc = pathToFileURL(path.join(root, 'test', 'support', 'force-gc.mjs')).href;

// The test runs what operators run: the compiled server. Build it first (incremental: quick when nothing changed).
before(() => {
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'],
    { cwd: root, encoding: 'utf8' },
  );
  assert.equal(r.status, 0, `npm run build:\n${r.stdout}${r.stderr}`);
});

const nodes = [process.execPath, ...(process.env.ZK_TEST_NODES ?? '').split(path.delimiter).filter(Boolean)];

function nodeVersion(node: string): string {
  const r = spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' });
  assert.equal(r.status, 0, `${node} runs`);
  return r.stdout.trim();
}

async function serve(node: string, dir: string) {
  const child = spawn(
    node,
    ['--expose-gc', '--import', forceGc, path.join(root, 'bin', 'zeitkonto.js'), 'serve', '--demo'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: `file:${path.join(dir, 'zk.db')}`,
        LOG_LEVEL: 'info',
        RATE_LIMIT_5MIN: '100000',
        RATE_LIMIT_HOUR: '100000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 90_000);
    const look = () => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    void exited.then(({ code, signal }) =>
      reject(new Error(`server ended before listening (code ${code}, signal ${signal}):\n${out}`)),
    );
  });
  return { child, api: `${url}/demo/next/api/v1`, exited, output: () => out };
}

type Server = Awaited<ReturnType<typeof serve>>;

/** Reads with SQL that differs per request and writes of every kind; asserts every answer. */
async function load(server: Server, token: string, round: string) {
  const call = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${server.api}${p}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
  };
  // IN lists of every length: more distinct statements than the prepared-statement cache keeps.
  const reads: string[] = [];
  for (let n = 1; n <= 200; n++) {
    const list = (key: string) => Array.from({ length: n }, (_, i) => `${key}[]=${i + 1}`).join('&');
    reads.push(
      `/projects?${list('id')}`,
      `/customers?${list('customer_number')}`,
      `/employees?${list('personal_number')}`,
    );
  }
  for (let i = 0; i < reads.length; i += 20) {
    for (const r of await Promise.all(reads.slice(i, i + 20).map((p) => call('GET', p)))) assert.equal(r.status, 200);
  }
  // Customers created, changed and some deleted; demo bookings changed (every booking rule runs again).
  await Promise.all(
    Array.from({ length: 40 }, async (_, i) => {
      const number = `${round}-${i}`;
      assert.equal(
        (await call('POST', '/customers', { customer_number: number, name: `Runtime ${i}`, currency: 'EUR' })).status,
        201,
      );
      assert.equal((await call('PATCH', `/customers/${number}`, { name: `Runtime ${i} changed` })).status, 200);
      if (i % 4 === 0) assert.equal((await call('DELETE', `/customers/${number}`)).status, 204);
    }),
  );
  const bookings = await call('GET', '/attendances?limit=20');
  assert.equal(bookings.status, 200);
  assert.ok(bookings.body.data.length > 0, 'the demo tenant has bookings');
  // (Bookings on the demo's Billed invoice are locked: docs/api/commercial.md.)
  for (const booking of bookings.body.data.filter((b: { invoice_item_id?: unknown }) => b.invoice_item_id == null)) {
    assert.equal((await call('PATCH', `/attendances/${booking.id}`, { note: `runtime test ${round}` })).status, 200);
  }
  return call;
}

async function stop(server: Server) {
  server.child.kill('SIGTERM');
  const { code, signal } = await server.exited;
  assert.equal(signal, null, `no signal ended the server:\n${server.output()}`);
  assert.equal(code, 0, server.output());
  assert.match(server.output(), /shutting down/);
  assert.doesNotMatch(server.output(), /Assertion failed|Segmentation fault|FATAL ERROR/);
}

for (const node of nodes) {
  const version = nodeVersion(node);
  test(
    `Node ${version}: three starts under garbage-collection pressure, load with writes, graceful exits`,
    { skip: !isSupported(version) && `Node ${version} is not supported` },
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-runtime-'));
      let server: Server | undefined;
      try {
        // The first start migrates an empty database and creates the demo tenant; it prints the token.
        server = await serve(node, dir);
        const token = /^\s+(zk_[A-Za-z0-9_-]{43})$/m.exec(server.output())?.[1];
        assert.ok(token, `serve prints the demo token:\n${server.output()}`);
        await load(server, token, 'r1');
        await stop(server);
        // Restarts on the same file: what was acknowledged before is there.
        for (const round of ['r2', 'r3']) {
          server = await serve(node, dir);
          const call = await load(server, token, round);
          const earlier = await call('GET', '/customers/r1-1');
          assert.equal(earlier.status, 200);
          assert.equal(earlier.body.data.name, 'Runtime 1 changed');
          await stop(server);
        }
      } finally {
        server?.child.kill('SIGKILL');
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
}
