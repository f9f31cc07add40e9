// An Idempotency-Key claimed by a process that dies (kill -9) is taken over by the client's retry at once, not after
// ten minutes; while its owner lives the retry still gets 409 (plugins/write-path/idempotency.ts).
// PostgreSQL: server A is killed while a request of it waits inside its write transaction (the test holds a lock the
// write needs); the retry goes to server B. SQLite: a process that claimed the key through the same code is killed,
// and the retry goes to a server on the same file.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import pg from 'pg';
import { apiPath, prepareTarget, request, root, startServer, type Target } from '../../../reliability/server.js';
import { DIALECTS } from '../../support/app.js';

const body = { name: 'Crashed department' };
const key = 'crash-retry-1';

/** The retry's answers until one is not 409, for at most `ms` (the old rule answered 409 for ten minutes). */
async function retryUntilNot409(port: number, target: Target, ms: number) {
  const started = Date.now();
  for (;;) {
    const r = await request(port, 'POST', apiPath(target, '/departments'), {
      body,
      token: target.token,
      headers: { 'idempotency-key': key },
    });
    if (r.status !== 409 || Date.now() - started > ms) return { ...r, ms: Date.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function departments(port: number, target: Target) {
  const r = await request(port, 'GET', apiPath(target, '/departments?limit=100'), { token: target.token });
  return JSON.parse(r.body).data.filter((d: any) => d.name === body.name);
}

const skip = (dialect: string) => (DIALECTS.includes(dialect as 'sqlite') ? false : `not testing ${dialect}`);

test(
  'PostgreSQL: a server killed mid-request frees its Idempotency-Key; the retry on another server runs once',
  { skip: skip('postgres'), timeout: 120_000 },
  async () => {
    const target = await prepareTarget('postgres');
    const holder = new pg.Client({ connectionString: target.databaseUrl });
    const [a, b] = await Promise.all([startServer(target), startServer(target)]);
    try {
      await holder.connect();
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE departments IN EXCLUSIVE MODE');
      const inFlight = request(a.port, 'POST', apiPath(target, '/departments'), {
        body,
        token: target.token,
        headers: { 'idempotency-key': key },
      }).catch((err) => err);
      // A has claimed the key and waits for the lock inside its write transaction.
      for (let i = 0; ; i++) {
        const { rows } = await holder.query(`SELECT state FROM idempotency_keys WHERE key = $1`, [key]);
        const waiting = await holder.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
        );
        if (rows[0]?.state === 'running' && waiting.rows[0].n > 0) break;
        assert.ok(i < 200, 'the request never got to wait for the lock');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Its owner lives: the retry waits its turn.
      const early = await request(b.port, 'POST', apiPath(target, '/departments'), {
        body,
        token: target.token,
        headers: { 'idempotency-key': key },
      });
      assert.equal(early.status, 409, early.body);

      a.child.kill('SIGKILL');
      await a.exited;
      assert.ok((await inFlight) instanceof Error, 'the killed server never answered');
      await holder.query('COMMIT');

      const retried = await retryUntilNot409(b.port, target, 10_000);
      assert.equal(retried.status, 201, `${retried.body} after ${retried.ms} ms`);
      console.log(`# figure crash-retry-postgres: ${JSON.stringify({ ms: retried.ms })}`);
      const replay = await request(b.port, 'POST', apiPath(target, '/departments'), {
        body,
        token: target.token,
        headers: { 'idempotency-key': key },
      });
      assert.equal(replay.status, 201);
      assert.equal(replay.body, retried.body);
      assert.equal((await departments(b.port, target)).length, 1, 'written once');
    } finally {
      for (const s of [a, b]) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
      await Promise.all([a.exited, b.exited]);
      await holder.end().catch(() => {});
      await target.cleanup();
    }
  },
);

/** A process that claims the key through the server's code, prints "claimed" and waits to be killed. */
const CLAIMER = `
import { openDatabase } from './src/db/connection.js';
import { forTenant } from './src/db/tenant-scope.js';
import { loadConfig } from './src/config.js';
import { claimKey, fingerprintOf } from './src/plugins/write-path/idempotency.js';
const { database } = loadConfig(process.env);
const { db } = openDatabase(database);
const [tenant] = await db.selectFrom('tenants').select(['id', 'instance']).execute();
const [token] = await db.selectFrom('api_tokens').select('id').where('tenant_id', '=', tenant.id).execute();
const fingerprint = await fingerprintOf({ method: 'POST', url: '/' + tenant.instance + '/next/api/v1/departments', body: JSON.parse(process.env.BODY) });
await claimKey(forTenant(db, tenant.id), { tokenId: token.id, key: process.env.KEY, fingerprint }, 24);
process.stdout.write('claimed\\n');
setInterval(() => {}, 1000);
`;

test(
  'SQLite: a process killed while it holds a claim frees the Idempotency-Key; the retry runs once',
  { skip: skip('sqlite'), timeout: 120_000 },
  async () => {
    const target = await prepareTarget('sqlite');
    const b = await startServer(target);
    const claimer = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CLAIMER], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: target.databaseUrl, KEY: key, BODY: JSON.stringify(body) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => claimer.once('exit', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        claimer.stdout!.on('data', (d) => String(d).includes('claimed') && resolve());
        claimer.once('exit', () => reject(new Error('the claimer exited')));
      });
      const early = await request(b.port, 'POST', apiPath(target, '/departments'), {
        body,
        token: target.token,
        headers: { 'idempotency-key': key },
      });
      assert.equal(early.status, 409, early.body);
      claimer.kill('SIGKILL');
      await exited;
      const retried = await retryUntilNot409(b.port, target, 10_000);
      assert.equal(retried.status, 201, `${retried.body} after ${retried.ms} ms`);
      console.log(`# figure crash-retry-sqlite: ${JSON.stringify({ ms: retried.ms })}`);
      assert.equal((await departments(b.port, target)).length, 1, 'written once');
    } finally {
      if (claimer.exitCode === null && claimer.signalCode === null) claimer.kill('SIGKILL');
      b.child.kill('SIGKILL');
      await Promise.all([exited, b.exited]);
      await target.cleanup();
    }
  },
);
