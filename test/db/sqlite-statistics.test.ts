// SQLite planner statistics: opening a database file analyses tables that have rows but no statistics,
// so the planner picks the selective index (a month of one employee by (tenant, employee, date), not the tenant's
// whole month by (tenant, date)). PostgreSQL keeps its own statistics (autovacuum; the generator runs ANALYZE).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/connection.js';
import { migrate } from '../../src/db/migrate.js';
import { generate } from '../../src/generate/generator.js';

test('a SQLite file opened with rows and no statistics is analysed, and the month query uses (tenant, employee, date)', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-stats-'));
  const config = { dialect: 'sqlite' as const, file: path.join(dir, 'db.sqlite') };
  try {
    const first = openDatabase(config);
    await migrate(first.db, first.dialect);
    const generated = await generate(first.db, 'stats', 'small', 1, undefined, 'sqlite'); // 10,000 bookings
    const tenant = await first.db
      .selectFrom('tenants')
      .select('id')
      .where('instance', '=', 'stats')
      .executeTakeFirstOrThrow();
    const employee = await first.db
      .selectFrom('employees')
      .select('username')
      .where('tenant_id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    assert.ok(generated);
    const stats = async (db: typeof first.db) =>
      (await sql<{ tbl: string }>`select tbl from sqlite_stat1`.execute(db).catch(() => ({ rows: [] }))).rows.map(
        (r) => r.tbl,
      );
    assert.ok(!(await stats(first.db)).includes('attendances'), 'no statistics before');
    await first.close();

    const second = openDatabase(config);
    try {
      assert.ok((await stats(second.db)).includes('attendances'), 'statistics after reopening');
      const plan = await sql<{
        detail: string;
      }>`explain query plan select * from attendances where tenant_id = ${tenant.id} and employee_id = ${employee.username} and date >= ${'2024-05-01'} and date <= ${'2024-05-31'} order by id limit 100`.execute(
        second.db,
      );
      assert.match(
        plan.rows.map((r) => r.detail).join('\n'),
        /attendances_employee_(date|id)/,
        JSON.stringify(plan.rows),
      );
    } finally {
      await second.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
