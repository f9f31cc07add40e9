// The zeitkonto command for operators — --help per command, --json lists, tenant delete (all data,
// one transaction), backup (SQLite online copy; PostgreSQL points to pg_dump), generate prints a token, and a
// missing PostgreSQL database is created by migrate, or migrate and serve say how when the user may not.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { main } from '../../src/cli/index.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/db/connection.js';
import { DIALECTS } from '../support/app.js';
import { createPgDatabase, dropPgDatabase, PG_ADMIN_URL, pgUrlFor } from '../support/db.js';

const runWith = async (env: NodeJS.ProcessEnv, ...argv: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) }, env);
  return { code, out, err };
};

/** Rows per table that has a tenant_id column, for one tenant id. */
async function rowsOfTenant(database: Database, tenantId: number): Promise<Record<string, number>> {
  const tables = (await database.db.introspection.getTables()).filter((t) =>
    t.columns.some((c) => c.name === 'tenant_id'),
  );
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const { rows } = await sql<{
      n: number;
    }>`SELECT COUNT(*) AS n FROM ${sql.table(t.name)} WHERE tenant_id = ${tenantId}`.execute(database.db);
    counts[t.name] = Number(rows[0]!.n);
  }
  return counts;
}

for (const dialect of DIALECTS) {
  describe(`zeitkonto operations [${dialect}]`, () => {
    let env: NodeJS.ProcessEnv;
    let dir: string;
    let cleanup: () => Promise<void>;
    const run = (...argv: string[]) => runWith(env, ...argv);

    before(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-ops-'));
      if (dialect === 'sqlite') {
        env = { DATABASE_URL: `file:${path.join(dir, 'x.db')}`, LOG_LEVEL: 'silent', TENANT_CACHE_MS: '0' };
        cleanup = async () => {};
      } else {
        const name = `zk_ops_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
        env = { DATABASE_URL: await createPgDatabase(name), LOG_LEVEL: 'silent', TENANT_CACHE_MS: '0' };
        cleanup = () => dropPgDatabase(name);
      }
      assert.equal((await run('migrate')).code, 0);
    });
    after(async () => {
      await cleanup?.();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    test("--help after a command prints that command's usage and exits 0 without touching the database", async () => {
      for (const command of ['serve', 'migrate', 'tenant', 'token', 'backup', 'generate', 'settings', 'demo']) {
        const r = await runWith({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }, command, '--help');
        assert.equal(r.code, 0, command);
        assert.match(r.out.join('\n'), new RegExp(`^Usage:\\n  zeitkonto ${command}`), command);
      }
      assert.match((await run('tenant', 'delete', '-h')).out.join('\n'), /tenant delete <instance> --yes/);
    });

    test('tenant list --json and token list --json print one JSON array', async () => {
      const name = `ops${crypto.randomBytes(4).toString('hex')}`;
      assert.equal((await run('tenant', 'create', name, '--modules', 'ahr')).code, 0);
      const tenants = JSON.parse((await run('tenant', 'list', '--json')).out.join('\n'));
      const mine = tenants.find((t: any) => t.instance === name);
      assert.deepEqual(
        { ...mine, created: undefined },
        { instance: name, edition: 'full', language: 'en', modules: ['ahr'], name, created: undefined },
      );
      assert.equal((await run('token', 'create', name, '--name', 'ci', '--read-only')).code, 0);
      const tokens = JSON.parse((await run('token', 'list', name, '--json')).out.join('\n'));
      assert.equal(tokens.length, 1);
      assert.equal(tokens[0].name, 'ci');
      assert.equal(tokens[0].readOnly, true);
      assert.doesNotMatch(JSON.stringify(tokens), /zk_[A-Za-z0-9_-]{20}/, 'no secrets');
    });

    test('tenant delete needs --yes, then removes the tenant and every row of its data; other tenants keep theirs', async () => {
      assert.equal((await run('demo')).code, 0);
      const keep = `keep${crypto.randomBytes(4).toString('hex')}`;
      assert.equal((await run('tenant', 'create', keep)).code, 0);
      const database = openDatabase(loadConfig(env).database);
      try {
        const ids = Object.fromEntries(
          (await database.db.selectFrom('tenants').select(['id', 'instance']).execute()).map((t) => [
            t.instance,
            Number(t.id),
          ]),
        );
        const before = await rowsOfTenant(database, ids.demo!);
        assert.ok(
          Object.values(before).filter((n) => n > 0).length >= 10,
          `demo data in many tables: ${JSON.stringify(before)}`,
        );
        const unconfirmed = await run('tenant', 'delete', 'demo');
        assert.equal(unconfirmed.code, 2);
        assert.match(unconfirmed.err.join('\n'), /--yes/);
        assert.ok(
          await database.db.selectFrom('tenants').select('id').where('instance', '=', 'demo').executeTakeFirst(),
        );
        const deleted = await run('tenant', 'delete', 'demo', '--yes');
        assert.deepEqual(deleted, { code: 0, out: ['Deleted tenant demo and all its data.'], err: [] });
        const afterwards = await rowsOfTenant(database, ids.demo!);
        assert.deepEqual(
          Object.entries(afterwards).filter(([, n]) => n > 0),
          [],
          'no rows left',
        );
        assert.ok(await database.db.selectFrom('tenants').select('id').where('instance', '=', keep).executeTakeFirst());
        const again = await run('tenant', 'delete', 'demo', '--yes');
        assert.equal(again.code, 1);
        assert.match(again.err.join('\n'), /does not exist/);
      } finally {
        await database.close();
      }
    });

    test(
      dialect === 'sqlite'
        ? 'backup writes a consistent copy that opens with the same tenants'
        : 'backup points to pg_dump',
      async () => {
        const file = path.join(dir, `backup-${crypto.randomBytes(3).toString('hex')}.db`);
        const r = await run('backup', file);
        if (dialect === 'postgres') {
          assert.equal(r.code, 1);
          assert.match(r.err.join('\n'), /pg_dump/);
          assert.equal(fs.existsSync(file), false);
          return;
        }
        assert.equal(r.code, 0, r.err.join('\n'));
        const copy = await runWith({ ...env, DATABASE_URL: `file:${file}` }, 'tenant', 'list', '--json');
        const original = await run('tenant', 'list', '--json');
        assert.deepEqual(JSON.parse(copy.out.join('\n')), JSON.parse(original.out.join('\n')));
        const twice = await run('backup', file);
        assert.equal(twice.code, 1);
        assert.match(twice.err.join('\n'), /already exists/);
      },
    );

    test('generate prints a token of the tenant it creates', async () => {
      const name = `gen${crypto.randomBytes(4).toString('hex')}`;
      const r = await run('generate', name, '--scale', 'small');
      assert.equal(r.code, 0, r.err.join('\n'));
      const token = r.out.join('\n').match(/zk_[A-Za-z0-9_-]{43}/)?.[0];
      assert.ok(token, r.out.join('\n'));
      const tokens = JSON.parse((await run('token', 'list', name, '--json')).out.join('\n'));
      assert.equal(tokens.length, 1);
    });
  });
}

if (DIALECTS.includes('postgres')) {
  test('migrate creates the PostgreSQL database DATABASE_URL names when it is missing', async () => {
    const name = `zk_new_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
    try {
      const r = await runWith({ DATABASE_URL: pgUrlFor(name), LOG_LEVEL: 'silent' }, 'migrate');
      assert.equal(r.code, 0, r.err.join('\n'));
      assert.deepEqual(r.out, ['Database is up to date.']);
      assert.match(r.err.join('\n'), /created the PostgreSQL database/);
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      await client.end();
      assert.equal(rowCount, 1);
    } finally {
      await dropPgDatabase(name);
    }
  });

  test('migrate and serve, for a user who may not create the missing database, exit 1 with a message that says how', async () => {
    const suffix = `${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
    const role = `zk_nocreate_${suffix}`;
    const name = `zk_missing_${suffix}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE ROLE "${role}" LOGIN NOCREATEDB`);
    try {
      const url = new URL(pgUrlFor(name));
      url.username = role;
      url.password = '';
      for (const command of ['migrate', 'serve']) {
        const r = await runWith({ DATABASE_URL: url.toString(), LOG_LEVEL: 'silent' }, command);
        assert.equal(r.code, 1, command);
        const message = r.err.join('\n');
        assert.match(
          message,
          new RegExp(`the PostgreSQL database "${name}" does not exist and ${role} could not create it`),
          message,
        );
        assert.ok(message.includes(`createdb -O ${role} ${name}`), message);
      }
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      assert.equal(rowCount, 0);
    } finally {
      await admin.query(`DROP ROLE IF EXISTS "${role}"`);
      await admin.end();
    }
  });
}
