// Read replicas against real PostgreSQL streaming replication (docs/scaling.md, "Read replicas"): the test makes its
// own primary (initdb on a free port) and a replica of it (pg_basebackup -R on another port), starts and stops them
// with pg_ctl, and drives the API through two apps on the same databases and Redis (two processes of one
// deployment). PostgreSQL only; SQLite ignores DATABASE_REPLICA_URLS.
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config, type DatabaseConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/connection.js';
import { migrate } from '../../src/db/migrate.js';
import { REPLICA_APPLICATION_NAME } from '../../src/db/read-replicas.js';
import { createTenant } from '../../src/tenancy/tenants.js';
import { createToken } from '../../src/tenancy/tokens.js';
import type { ZkApp } from '../../src/types.js';
import { DIALECTS, uniqueName } from '../support/app.js';

const BIN = process.env.ZK_TEST_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const REDIS_URL = process.env.ZK_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function skipReason(): string | false {
  if (!DIALECTS.includes('postgres')) return 'PostgreSQL only: read replicas are PostgreSQL streaming replicas';
  if (!fs.existsSync(path.join(BIN, 'pg_basebackup'))) return `no PostgreSQL server binaries in ${BIN}`;
  return false;
}

/** PostgreSQL's programs as the postgres OS user (the server refuses to run as root). */
async function pgRun(program: string, args: string[]): Promise<void> {
  const command = path.join(BIN, program);
  const asRoot = process.getuid?.() === 0;
  await promisify(execFile)(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args);
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Polls `check` until it returns a value other than undefined (at most `ms`). */
async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

class Cluster {
  dir = '';
  primaryPort = 0;
  replicaPort = 0;
  url = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;

  /** The primary, running; the replica is made by replicate(). */
  async create(): Promise<void> {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-replica-'));
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      fs.chownSync(this.dir, uid, gid);
    }
    this.primaryPort = await freePort();
    this.replicaPort = await freePort();
    await pgRun('initdb', ['-D', this.p('primary'), '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
    // fsync off: a test cluster need not survive a power loss. synchronous_commit stays on (docs/scaling.md).
    const fast = '-c fsync=off -c full_page_writes=off';
    await this.start('primary', this.primaryPort, `-c wal_level=replica -c max_wal_senders=4 ${fast}`);
  }
  /** A streaming replica of the primary (its standby.signal and primary_conninfo written by -R). */
  async replicate(): Promise<void> {
    await pgRun('pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(this.primaryPort), '-U', 'postgres'],
      ...['-D', this.p('replica'), '-R', '-X', 'stream', '-c', 'fast'],
    ]);
    await this.startReplica();
  }
  p = (name: string) => path.join(this.dir, name);
  async start(name: string, port: number, options = ''): Promise<void> {
    const o = `-p ${port} -k ${this.dir} -c listen_addresses=127.0.0.1 ${options}`;
    await pgRun('pg_ctl', ['-D', this.p(name), '-l', this.p(`${name}.log`), '-o', o, '-w', 'start']);
  }
  startReplica(): Promise<void> {
    return this.start('replica', this.replicaPort, '-c hot_standby=on -c fsync=off');
  }
  stop(name: string, mode = 'fast'): Promise<void> {
    return pgRun('pg_ctl', ['-D', this.p(name), '-m', mode, '-w', 'stop']);
  }
  async destroy(): Promise<void> {
    for (const name of ['replica', 'primary']) {
      try {
        await this.stop(name, 'immediate');
      } catch {
        // not running
      }
    }
    if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

const skip = skipReason();

describe('read replicas [postgres]', { skip, timeout: 60_000 }, () => {
  const cluster = new Cluster();
  let primary: pg.Client;
  let replica: pg.Client;
  const apps: ZkApp[] = [];
  let one: ZkApp;
  let two: ZkApp;
  let instance = '';
  let tokens: { a: string; b: string };

  const configOf = (maxLagMs: number): Config => {
    const database: DatabaseConfig = {
      dialect: 'postgres',
      url: cluster.url(cluster.primaryPort),
      replicas: { urls: [cluster.url(cluster.replicaPort)], maxLagMs, retryMs: 300, pollMs: 50, redisUrl: REDIS_URL },
    };
    return { ...loadConfig({ LOG_LEVEL: 'silent', TENANT_CACHE_MS: '0', COUNT_CACHE_MS: '2000' }), database };
  };
  async function app(maxLagMs: number): Promise<ZkApp> {
    const built = await buildApp(configOf(maxLagMs), { logger: false });
    await built.ready();
    apps.push(built);
    return built;
  }
  const call = async (on: ZkApp, token: string, method: 'GET' | 'POST' | 'PATCH', url: string, body?: object) => {
    const res = await on.inject({
      method,
      url: `/${instance}/next/api/v1${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(body ? { payload: body } : {}),
    });
    return { status: res.statusCode, body: res.json() as any };
  };
  const nameOf = async (on: ZkApp, token: string, id: number) => {
    const res = await call(on, token, 'GET', `/departments/${id}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data.name as string;
  };
  /** The replica has replayed everything the primary has written so far. */
  const caughtUp = async () => {
    const lsn = (await primary.query('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0].lsn;
    await until('the replica to catch up', async () =>
      (await replica.query('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok', [lsn])).rows[0].ok ? true : undefined,
    );
  };
  /**
   * Proof that the replica answers `reader`: with its replay paused, a write of the writer moves the primary on, and
   * the reader is shown the state before it — which only the replica still has. Replay resumes afterwards.
   */
  const answeredByReplica = async (on: ZkApp, reader: string, id: number, ms?: number) => {
    const old = await nameOf(one, tokens.a, id);
    await caughtUp();
    await replica.query('SELECT pg_wal_replay_pause()');
    try {
      const patched = await call(one, tokens.a, 'PATCH', `/departments/${id}`, { name: `${old}+` });
      assert.equal(patched.status, 200);
      assert.equal(await nameOf(on, tokens.a, id), `${old}+`);
      await until('a read on the replica', async () => ((await nameOf(on, reader, id)) === old ? true : undefined), ms);
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()');
    }
  };
  /** Connections of this deployment's read pools on the replica (pg_stat_activity). */
  const replicaConnections = async () =>
    (
      await replica.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1`, [
        REPLICA_APPLICATION_NAME,
      ])
    ).rows[0].n as number;
  const connectReplica = async () => {
    replica = new pg.Client({ connectionString: cluster.url(cluster.replicaPort) });
    replica.on('error', () => {});
    await replica.connect();
  };

  before(async () => {
    await cluster.create();
    primary = new pg.Client({ connectionString: cluster.url(cluster.primaryPort) });
    await primary.connect();
    // The replica streams the migration as it runs.
    const replicated = cluster.replicate().then(connectReplica);
    replicated.catch(() => {}); // awaited after the migration
    const setup = openDatabase({ dialect: 'postgres', url: cluster.url(cluster.primaryPort) }, { journal: false });
    try {
      await migrate(setup.db, 'postgres');
      const tenant = await createTenant(setup.db, { instance: uniqueName('r') });
      instance = tenant.instance;
      tokens = {
        a: (await createToken(setup.db, tenant.id, { name: 'writer' })).token,
        b: (await createToken(setup.db, tenant.id, { name: 'other reader' })).token,
      };
    } finally {
      await setup.close();
    }
    await replicated;
    await caughtUp();
    [one, two] = await Promise.all([app(60_000), app(60_000)]);
  });
  after(async () => {
    for (const built of apps) await built.close();
    await primary?.end().catch(() => {});
    await replica?.end().catch(() => {});
    await cluster.destroy();
  });

  test('GETs are answered by the replica', async () => {
    const created = await call(one, tokens.a, 'POST', '/departments', { name: 'Replicated' });
    assert.equal(created.status, 201);
    await answeredByReplica(one, tokens.b, created.body.data.id);
    await answeredByReplica(two, tokens.b, created.body.data.id);
    assert.ok((await replicaConnections()) > 0);
  });

  test('a client reads its own write at once, and other readers may see the replica behind', async () => {
    const created = await call(one, tokens.a, 'POST', '/departments', { name: 'Before' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.data.id as number;
    await caughtUp();
    await replica.query('SELECT pg_wal_replay_pause()');
    try {
      for (let i = 1; i <= 5; i++) {
        const patched = await call(one, tokens.a, 'PATCH', `/departments/${id}`, { name: `After ${i}` });
        assert.equal(patched.status, 200, JSON.stringify(patched.body));
        // The writer, on this process and on another one (its position shared through Redis): the primary.
        assert.equal(await nameOf(one, tokens.a, id), `After ${i}`);
        assert.equal(await nameOf(two, tokens.a, id), `After ${i}`);
        const list = await call(two, tokens.a, 'GET', '/departments?limit=100');
        assert.ok(list.body.data.some((d: any) => d.id === id && d.name === `After ${i}`));
      }
      // Another caller, within the lag bound, reads the replica, which has only the state before the writes: proof
      // that it answered.
      assert.equal(await nameOf(one, tokens.b, id), 'Before');
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()');
    }
    await until('the replica to show the write to others', async () =>
      (await nameOf(one, tokens.b, id)) === 'After 5' ? true : undefined,
    );
  });

  test('a replica further behind than the bound is skipped: every caller reads the primary', async () => {
    const bounded = await app(300);
    const created = await call(bounded, tokens.a, 'POST', '/departments', { name: 'Bounded' });
    const id = created.body.data.id as number;
    await caughtUp();
    await replica.query('SELECT pg_wal_replay_pause()');
    try {
      const patched = await call(bounded, tokens.a, 'PATCH', `/departments/${id}`, { name: 'Bounded, later' });
      assert.equal(patched.status, 200);
      // Within 300 ms the other reader may still be given the replica; past it, never again while replay pauses.
      await until('the lagging replica to be skipped', async () =>
        (await nameOf(bounded, tokens.b, id)) === 'Bounded, later' ? true : undefined,
      );
      for (let i = 0; i < 5; i++) assert.equal(await nameOf(bounded, tokens.b, id), 'Bounded, later');
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()');
    }
  });

  test('the replica going away: every request still answers, from the primary', async () => {
    const created = await call(one, tokens.a, 'POST', '/departments', { name: 'While down' });
    const id = created.body.data.id as number;
    await caughtUp();
    await replica.end();
    await cluster.stop('replica');
    for (let i = 0; i < 5; i++) {
      assert.equal(await nameOf(one, tokens.b, id), i === 0 ? 'While down' : `Down ${i}`);
      const list = await call(two, tokens.b, 'GET', '/departments?limit=100');
      assert.equal(list.status, 200);
      const patched = await call(one, tokens.a, 'PATCH', `/departments/${id}`, { name: `Down ${i + 1}` });
      assert.equal(patched.status, 200);
      assert.equal(await nameOf(two, tokens.a, id), `Down ${i + 1}`);
    }
  });

  test('the replica coming back is used again', async () => {
    await cluster.startReplica();
    await connectReplica();
    const list = await call(one, tokens.a, 'GET', '/departments?limit=1');
    assert.equal(list.status, 200);
    await answeredByReplica(one, tokens.b, list.body.data[0].id as number);
  });
});
