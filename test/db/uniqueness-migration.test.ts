// Migration 1300_uniqueness on a database that races already filled with duplicates: the duplicates
// go (the oldest row stays, with its prices), the unique indexes are created, and the upgrade succeeds.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/connection.js';
import { migrate } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import { DIALECTS } from '../support/app.js';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseConfig } from '../../src/config.js';
import { createPgDatabase, dropPgDatabase } from '../support/db.js';

const cleanups: (() => Promise<void>)[] = [];
after(async () => {
  for (const c of cleanups) await c();
});

for (const dialect of DIALECTS) {
  test(`[${dialect}] 1300_uniqueness removes raced duplicates, keeps the oldest, then refuses new ones`, async () => {
    // A database of its own, migrated only up to 1300 (the run's shared PostgreSQL database is fully migrated).
    let config: DatabaseConfig;
    if (dialect === 'sqlite') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-1300-'));
      config = { dialect, file: path.join(dir, 'test.db') };
      cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    } else {
      const name = `zk_1300_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
      config = { dialect, url: await createPgDatabase(name) };
      cleanups.push(() => dropPgDatabase(name));
    }
    const { db, close } = openDatabase(config);
    try {
      const before = migrations.findIndex((m) => m.version === '1300_uniqueness');
      await migrate(db, dialect, migrations.slice(0, before));
      const now = '2026-01-01 00:00:00';
      const tenant = await sql<{
        id: number;
      }>`INSERT INTO tenants (instance, name, edition, modules, settings, language, created, modified)
        VALUES ('dups', 'Dups', 'full', '[]', '{}', 'de', ${now}, ${now}) RETURNING id`.execute(db);
      const t = Number(tenant.rows[0].id);
      for (let i = 0; i < 3; i++) {
        await sql`INSERT INTO month_closings (tenant_id, month, employee_id, note) VALUES (${t}, '2026-01', NULL, ${`n${i}`})`.execute(
          db,
        );
        await sql`INSERT INTO price_tables (tenant_id, level, start_date, created, modified) VALUES (${t}, 'base', NULL, ${now}, ${now})`.execute(
          db,
        );
        await sql`INSERT INTO price_tables (tenant_id, level, start_date, created, modified) VALUES (${t}, 'base', '2025-01-01', ${now}, ${now})`.execute(
          db,
        );
      }
      await sql`INSERT INTO month_closings (tenant_id, month, employee_id, note) VALUES (${t}, '2026-02', NULL, 'other month')`.execute(
        db,
      );

      await migrate(db, dialect);

      const closings = await sql<{
        month: string;
        note: string;
      }>`SELECT month, note FROM month_closings WHERE tenant_id = ${t} ORDER BY month`.execute(db);
      assert.deepEqual(
        closings.rows.map((r) => [r.month, r.note]),
        [
          ['2026-01', 'n0'],
          ['2026-02', 'other month'],
        ],
      );
      const tables = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM price_tables WHERE tenant_id = ${t}`.execute(
        db,
      );
      assert.equal(Number(tables.rows[0].n), 2);
      await assert.rejects(
        sql`INSERT INTO month_closings (tenant_id, month, employee_id) VALUES (${t}, '2026-01', NULL)`.execute(db),
      );
      await assert.rejects(
        sql`INSERT INTO price_tables (tenant_id, level, start_date, created, modified) VALUES (${t}, 'base', NULL, ${now}, ${now})`.execute(
          db,
        ),
      );
    } finally {
      await close();
    }
  });
}
