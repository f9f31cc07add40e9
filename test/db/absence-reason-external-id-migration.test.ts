// Migration 2900: absence reasons' external_id becomes unique in the tenant regardless of case. Duplicates stored
// before keep their information: the reason created first keeps the value, later ones get a numbered suffix.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../src/db/connection.js';
import { migrate } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import { createTenant } from '../../src/tenancy/tenants.js';
import { DIALECTS } from '../support/app.js';
import { testDatabaseConfig } from '../support/db.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] 2900 keeps the first reason's external_id, suffixes later duplicates, then refuses new ones`, async () => {
    const { config, cleanup } = await testDatabaseConfig(dialect, { fresh: true }); // the run's shared database is already migrated past 2900
    const database = openDatabase(config, { poolSize: 1 });
    const db = database.db as Kysely<any>;
    try {
      await migrate(
        db,
        dialect,
        migrations.slice(
          0,
          migrations.findIndex((m) => m.version === '2900_absence_reason_external_id'),
        ),
      );
      const a = await createTenant(db, { instance: 'mig-a', name: 'A', edition: 'full' });
      const b = await createTenant(db, { instance: 'mig-b', name: 'B', edition: 'full' });
      const long = 'L'.repeat(100);
      const reasons: [number, string, string | null][] = [
        [a.id, 'R1', 'EXT-1'],
        [a.id, 'R2', 'ext-1'],
        [a.id, 'R3', 'EXT-1'],
        [a.id, 'R4', 'EXT-1 #2'], // the suffix a duplicate would take is in use: it takes the next
        [a.id, 'R5', long],
        [a.id, 'R6', long.toLowerCase()],
        [a.id, 'R7', null],
        [a.id, 'R8', null],
        [b.id, 'R1', 'EXT-1'], // another tenant's value is no duplicate
      ];
      for (const [tenant_id, name, external_id] of reasons) {
        await db
          .insertInto('absence_reasons')
          .values({
            tenant_id,
            name,
            external_id,
            color: '#FF8800',
            type: 1,
            allow_self_entry: 0,
            allow_half_day_holiday: 0,
            allow_hours_of_vacation: 0,
            inform_employee_upon_approval_or_revocation: 0,
          })
          .execute();
      }
      await migrate(db, dialect);
      const rows = await db
        .selectFrom('absence_reasons')
        .select(['tenant_id', 'name', 'external_id'])
        .orderBy('tenant_id')
        .orderBy('name')
        .execute();
      assert.deepEqual(
        rows.map((r: any) => [Number(r.tenant_id) === Number(a.id) ? 'a' : 'b', r.name, r.external_id]),
        [
          ['a', 'R1', 'EXT-1'],
          ['a', 'R2', 'ext-1 #3'],
          ['a', 'R3', 'EXT-1 #4'],
          ['a', 'R4', 'EXT-1 #2'],
          ['a', 'R5', long],
          ['a', 'R6', `${'l'.repeat(97)} #2`],
          ['a', 'R7', null],
          ['a', 'R8', null],
          ['b', 'R1', 'EXT-1'],
        ],
      );
      const insert = (external_id: string) =>
        db
          .insertInto('absence_reasons')
          .values({
            tenant_id: a.id,
            name: `N-${external_id}`,
            external_id,
            color: '#FF8800',
            type: 1,
            allow_self_entry: 0,
            allow_half_day_holiday: 0,
            allow_hours_of_vacation: 0,
            inform_employee_upon_approval_or_revocation: 0,
          })
          .execute();
      await assert.rejects(insert('Ext-1'));
    } finally {
      await database.close();
      await cleanup();
    }
  });
}
