// Record ids per tenant (src/db/record-ids.ts, docs/api/conventions.md "Ids"): a new tenant's records are numbered
// from 1 whatever other tenants create, an id is never given twice in a tenant, concurrent creates on PostgreSQL
// get distinct consecutive ids, every table with ids is numbered this way, and an upgraded database keeps its ids.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../../src/db/connection.js';
import { migrate } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import { recordIdTables } from '../../src/db/record-ids.js';
import { forTenant } from '../../src/db/tenant-scope.js';
import { createTenant } from '../../src/tenancy/tenants.js';
import { DIALECTS, forEachDialect, type Client } from '../support/app.js';
import { testDatabaseConfig } from '../support/db.js';

const ids = (rs: { body: any }[]) => rs.map((r) => r.body.data.id);
const post = async (c: Client, path: string, body: unknown) => {
  const r = await c.post(path, body);
  assert.equal(r.status, 201, r.text);
  return r;
};

forEachDialect('record ids per tenant', (t) => {
  test("a new tenant numbers its records from 1, whatever other tenants create; a deleted record's id is not given again", async () => {
    const a = await t().tenant({ naturalIds: true });
    const b = await t().tenant({ naturalIds: true });
    // A tenant starts with its standard department (1).
    assert.deepEqual(
      (await a.get('/departments')).body.data.map((d: any) => d.id),
      [1],
    );
    const first = [await post(a, '/departments', { name: 'A1' }), await post(a, '/departments', { name: 'A2' })];
    const other = [
      await post(b, '/departments', { name: 'B1' }),
      await post(b, '/departments', { name: 'B2' }),
      await post(b, '/departments', { name: 'B3' }),
    ];
    assert.deepEqual(ids(first), [2, 3]);
    assert.deepEqual(ids(other), [2, 3, 4]);
    assert.equal((await a.delete('/departments/3')).status, 204);
    assert.deepEqual(ids([await post(a, '/departments', { name: 'A3' })]), [4]);
    // Another table of the same tenant has its own numbering; another tenant's id names nothing of A's.
    assert.deepEqual(
      ids([
        await post(a, '/holiday-calendars', { name: 'Standard' }),
        await post(b, '/holiday-calendars', { name: 'Standard' }),
      ]),
      [1, 1],
    );
    assert.equal((await b.get('/departments/4')).body.data.name, 'B3');
    assert.equal((await a.get('/departments/4')).body.data.name, 'A3');
  });

  test('concurrent creates in one tenant get distinct consecutive ids, and another tenant creating at the same time is unaffected', async () => {
    const a = await t().tenant({ naturalIds: true });
    const b = await t().tenant({ naturalIds: true });
    const n = 24;
    const rs = await Promise.all(
      Array.from({ length: 2 * n }, (_, i) => (i % 2 ? b : a).post('/departments', { name: `D${i}` })),
    );
    assert.deepEqual(
      rs.map((r) => r.status),
      Array(2 * n).fill(201),
    );
    const of = (c: Client) =>
      rs
        .filter((_, i) => (i % 2 ? b : a) === c)
        .map((r) => r.body.data.id)
        .sort((x, y) => x - y);
    const expected = Array.from({ length: n }, (_, i) => i + 2);
    assert.deepEqual(of(a), expected);
    assert.deepEqual(of(b), expected);
    // Transactions of several inserts racing single creates: every id once, none skipped.
    const db = forTenant(t().database.db, a.tenant.id);
    const several = (k: number) =>
      db.transaction(async (trx) => {
        for (let i = 0; i < 10; i++)
          await trx
            .insertInto('departments', { name: `S${k}-${i}`, is_standard: false, created: null, modified: null })
            .execute();
      });
    const raced = await Promise.all([
      ...Array.from({ length: 4 }, (_, k) => several(k)),
      ...Array.from({ length: 12 }, (_, i) => a.post('/departments', { name: `R${i}` })),
    ]);
    assert.ok(raced.slice(4).every((r: any) => r.status === 201));
    const listed = (await a.get('/departments?limit=200')).body.data
      .map((d: any) => d.id)
      .sort((x: number, y: number) => x - y);
    assert.deepEqual(
      listed,
      Array.from({ length: 1 + n + 40 + 12 }, (_, i) => i + 1),
    );
  });

  test('every tenant table with ids is numbered per tenant, and those are the tables src/db/record-ids.ts numbers', async () => {
    const db = t().database.db as Kysely<any>;
    const withIds =
      t().dialect === 'postgres'
        ? await sql<{ name: string; identity: unknown; numbered: boolean }>`
            SELECT c.table_name AS name, c.is_identity AS identity,
              (SELECT count(*) FROM pg_trigger g WHERE g.tgrelid = c.table_name::regclass AND g.tgname IN (c.table_name || '_record_id', c.table_name || '_record_id_save')) = 2 AS numbered
            FROM information_schema.columns c
            WHERE c.table_schema = current_schema() AND c.column_name = 'id' AND c.table_name <> 'tenants'
              AND EXISTS (SELECT 1 FROM information_schema.columns x WHERE x.table_schema = c.table_schema AND x.table_name = c.table_name AND x.column_name = 'tenant_id')`.execute(
            db,
          )
        : await sql<{ name: string; identity: unknown; numbered: number }>`
            SELECT m.name AS name, (m.sql LIKE '%id INTEGER PRIMARY KEY%') AS identity,
              EXISTS (SELECT 1 FROM sqlite_schema g WHERE g.type = 'trigger' AND g.name = m.name || '_record_id') AS numbered
            FROM sqlite_schema m
            WHERE m.type = 'table' AND m.name <> 'tenants' AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) p WHERE p.name = 'id')
              AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) p WHERE p.name = 'tenant_id')`.execute(db);
    const tables = withIds.rows;
    const ownSequence = (identity: unknown) => identity === 'YES' || Number(identity) === 1;
    assert.deepEqual(
      tables.filter((r) => !r.numbered || ownSequence(r.identity)).map((r) => r.name),
      [],
      'numbered by the trigger, without a sequence of their own',
    );
    assert.deepEqual(tables.map((r) => r.name).sort(), await recordIdTables(db, t().dialect));
  });

  test('an insert that names its id keeps it, and the counter moves past it; many inserts in one transaction are numbered in order', async () => {
    const a = await t().tenant({ naturalIds: true });
    const db = forTenant(t().database.db, a.tenant.id);
    await db.insertInto('departments', { id: 50, name: 'Imported', created: null, modified: null } as any).execute();
    assert.deepEqual(ids([await post(a, '/departments', { name: 'After the import' })]), [51]);
    // One transaction: ids after the first come from the transaction and are written back at COMMIT on PostgreSQL.
    const made = await db.transaction(async (trx) => {
      const out = [];
      for (let i = 0; i < 5; i++)
        out.push(
          Number(
            (
              await trx
                .insertInto('departments', { name: `T${i}`, is_standard: false, created: null, modified: null })
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id,
          ),
        );
      await trx
        .insertInto('departments', {
          id: 70,
          name: 'Explicit',
          is_standard: false,
          created: null,
          modified: null,
        } as any)
        .execute();
      out.push(
        Number(
          (
            await trx
              .insertInto('departments', { name: 'After 70', is_standard: false, created: null, modified: null })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        ),
      );
      return out;
    });
    assert.deepEqual(made, [52, 53, 54, 55, 56, 71]);
    assert.deepEqual(ids([await post(a, '/departments', { name: 'Next request' })]), [72]);
    // A rolled-back transaction gives its ids back.
    await assert.rejects(
      db.transaction(async (trx) => {
        await trx
          .insertInto('departments', { name: 'Rolled back', is_standard: false, created: null, modified: null })
          .execute();
        throw new Error('roll back');
      }),
    );
    assert.deepEqual(ids([await post(a, '/departments', { name: 'After the rollback' })]), [73]);
  });
});

for (const dialect of DIALECTS) {
  test(`[${dialect}] an upgraded database keeps every id and reference; its tenants continue after the highest id ever given, new tenants start at 1`, async () => {
    const { config, cleanup } = await testDatabaseConfig(dialect, { fresh: true }); // the run's shared database is migrated already
    const database = openDatabase(config, { poolSize: 1 });
    const db = database.db as Kysely<any>;
    try {
      await migrate(
        db,
        dialect,
        migrations.filter((m) => m.version < '2801'),
      );
      const a = await createTenant(db, { instance: 'upa' });
      const b = await createTenant(db, { instance: 'upb' });
      const insert = (tenantId: number, table: string, row: object) =>
        forTenant(db, tenantId)
          .insertInto(table as 'departments', row as any)
          .returning('id')
          .executeTakeFirstOrThrow();
      const parent = await insert(a.id, 'departments', { name: 'Parent', created: null, modified: null });
      const child = await insert(a.id, 'departments', {
        name: 'Child',
        parent_id: parent.id,
        created: null,
        modified: null,
      });
      const gone = await insert(b.id, 'departments', { name: 'Deleted later', created: null, modified: null });
      await forTenant(db, b.id).deleteFrom('departments').where('id', '=', gone.id).execute();
      const before = await db
        .selectFrom('departments')
        .select(['tenant_id', 'id', 'name', 'parent_id'])
        .orderBy('tenant_id')
        .orderBy('id')
        .execute();

      await migrate(db, dialect);
      const after = await db
        .selectFrom('departments')
        .select(['tenant_id', 'id', 'name', 'parent_id'])
        .orderBy('tenant_id')
        .orderBy('id')
        .execute();
      assert.deepEqual(
        after.map((r: any) => [r.tenant_id, Number(r.id), r.name, r.parent_id === null ? null : Number(r.parent_id)]),
        before.map((r: any) => [r.tenant_id, Number(r.id), r.name, r.parent_id === null ? null : Number(r.parent_id)]),
      );
      if (dialect === 'sqlite') assert.deepEqual((await sql`PRAGMA foreign_key_check`.execute(db)).rows, []);
      // Both old tenants continue after the highest id the shared sequence gave (b's deleted one included).
      assert.equal(
        Number((await insert(a.id, 'departments', { name: 'Next A', created: null, modified: null })).id),
        Number(gone.id) + 1,
      );
      assert.equal(
        Number((await insert(b.id, 'departments', { name: 'Next B', created: null, modified: null })).id),
        Number(gone.id) + 1,
      );
      const fresh = await createTenant(db, { instance: 'upc' });
      assert.deepEqual(
        (await db.selectFrom('departments').select('id').where('tenant_id', '=', fresh.id).execute()).map((r: any) =>
          Number(r.id),
        ),
        [1],
      );
      // The (tenant_id, id) key still carries the foreign keys: a parent that is not there is refused.
      await assert.rejects(
        insert(a.id, 'departments', { name: 'Orphan', parent_id: 999_999, created: null, modified: null }),
      );
      assert.equal(Number(child.id), Number(parent.id) + 1);
    } finally {
      await database.close();
      await cleanup();
    }
  });
}
