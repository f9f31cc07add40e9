// The write journal (src/db/journal.ts, plugins/write-path/journal.ts): every table the records registry names is
// journalled — on PostgreSQL by triggers a migration created, watching every column but `modified` and the internal
// ones (a new table or column without journalTable() fails here) — and only API writes end up in the feed: writes
// outside a request (demo data, the CLI's sessions) neither appear nor leak into the next request's changes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { journalledTables, tableColumns, watchedColumns } from '../../../src/db/journal.js';
import { openDatabase } from '../../../src/db/connection.js';
import { forTenant } from '../../../src/db/tenant-scope.js';
import { pruneWritePath } from '../../../src/plugins/write-path/maintenance.js';
import { forEachDialect } from '../../support/app.js';

forEachDialect('write journal', (t) => {
  test('every table the records registry names is journalled, watching all its columns but modified and the internal ones', async () => {
    const { app, database, dialect } = t();
    const tables = app.zk.records.tables();
    assert.ok(tables.length > 40, `${tables.length} tables`);
    if (dialect === 'postgres') {
      const triggers = await journalledTables(database.db);
      const problems: string[] = [];
      for (const { table, ignored } of tables) {
        const watched = watchedColumns(await tableColumns(database.db, dialect, table), ignored).sort();
        if (!triggers.has(table)) problems.push(`${table}: no journal trigger (call journalTable() in a migration)`);
        else if (JSON.stringify(triggers.get(table)) !== JSON.stringify(watched))
          problems.push(`${table}: the trigger watches ${triggers.get(table)}, the table has ${watched}`);
      }
      assert.deepEqual(problems, []);
    } else {
      const rows = (
        await sql<{ name: string }>`SELECT name FROM sqlite_temp_master WHERE type = 'trigger'`.execute(database.db)
      ).rows.map((r) => r.name);
      for (const { table } of tables)
        for (const op of ['i', 'u', 'd']) assert.ok(rows.includes(`write_journal_${table}_${op}`), `${table} ${op}`);
    }
  });

  test("writes outside a request are not in the feed and do not leak into the next write's changes", async () => {
    const c = await t().tenant();
    const db = forTenant(t().database.db, c.tenant.id);
    // As demo data or the CLI would: straight through a repository, no request.
    await db
      .insertInto('activities', {
        name: 'outside',
        is_travel: false,
        created: '2026-01-01 00:00:00',
        modified: '2026-01-01 00:00:00',
      })
      .execute();
    const made = await c.post('/categories', { name: 'Inside', type: 'customer' });
    assert.equal(made.status, 201, made.text);
    const feed = (await c.get('/changes')).body.data;
    assert.deepEqual(
      feed.map((e: any) => [e.type, e.key, e.op]),
      [['categories', 'Inside', 'create']],
    );
    if (t().dialect === 'postgres') {
      // Left behind by the session above (its transaction never drained them): purged by the maintenance.
      await pruneWritePath(t().database.db, t().app.zk.changeLog, 90, new Date(), 'postgres');
      const mine = String(c.tenant.id);
      const left = (
        await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM write_journal WHERE coalesce(new, old) ->> 'tenant_id' = ${mine}`.execute(
          t().database.db,
        )
      ).rows[0].n;
      assert.equal(left, 0);
    }
  });

  test('a session opened with journal: false (the CLI) journals nothing (PostgreSQL; SQLite journals only inside API writes)', async (tc) => {
    if (t().dialect !== 'postgres') return tc.skip('SQLite');
    const c = await t().tenant();
    const cli = openDatabase(t().config.database, { poolSize: 1, journal: false });
    try {
      await cli.db.transaction().execute(async (trx) => {
        await forTenant(trx, c.tenant.id).insertInto('activities', { name: 'cli', is_travel: false }).execute();
        const n = (
          await sql<{ n: number }>`SELECT count(*)::int AS n FROM write_journal WHERE txid = txid_current()`.execute(
            trx,
          )
        ).rows[0].n;
        assert.equal(n, 0);
      });
    } finally {
      await cli.close();
    }
  });
});
