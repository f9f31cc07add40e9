// Migration 1601: ticket attachments stored as base64 text move into the one attachment store as bytes, with
// their ids, and new attachments continue after them (PostgreSQL's identity is moved past the copied ids).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../../src/db/connection.js';
import { migrate } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import { createTenant } from '../../src/tenancy/tenants.js';
import { DIALECTS } from '../support/app.js';
import { testDatabaseConfig } from '../support/db.js';

const BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 255, 10, 13]);

for (const dialect of DIALECTS) {
  test(`[${dialect}] 1601 moves base64 ticket attachments into attachments as bytes, keeping their ids`, async () => {
    const { config, cleanup } = await testDatabaseConfig(dialect, { fresh: true }); // the run's shared database is already migrated past 1601
    const database = openDatabase(config, { poolSize: 1 });
    const db = database.db as Kysely<any>;
    try {
      const before = migrations.findIndex((m) => m.version === '1601_attachments');
      await migrate(db, dialect, migrations.slice(0, before));
      const tenant = await createTenant(db, { instance: 'mig', name: 'Mig', edition: 'full' });
      // The attachment's ticket is beside the point here: insert it without its references.
      const row = {
        tenant_id: tenant.id,
        id: 41,
        ticket_id: 7,
        filename: 'shot.png',
        content_type: 'image/png',
        size: BYTES.length,
        file_contents: BYTES.toString('base64'),
        created: '2025-01-02 03:04:05',
      };
      if (dialect === 'sqlite') {
        await sql`PRAGMA foreign_keys = OFF`.execute(db);
        await db.insertInto('ticket_attachments').values(row).execute();
        await sql`PRAGMA foreign_keys = ON`.execute(db);
      } else {
        await db.transaction().execute(async (trx) => {
          await sql`SET LOCAL session_replication_role = replica`.execute(trx);
          await trx.insertInto('ticket_attachments').values(row).execute();
        });
      }
      await migrate(db, dialect);
      const moved = await db.selectFrom('attachments').selectAll().where('tenant_id', '=', tenant.id).execute();
      assert.deepEqual(
        moved.map((r: any) => [
          Number(r.id),
          r.owner_type,
          Number(r.owner_id),
          r.filename,
          r.content_type,
          Number(r.size),
          Buffer.from(r.content),
          r.created,
        ]),
        [
          [
            41,
            'ticket',
            7,
            'shot.png',
            'image/png',
            BYTES.length,
            BYTES,
            dialect === 'sqlite' ? '2025-01-02 03:04:05' : moved[0].created,
          ],
        ],
      );
      const next = await db
        .insertInto('attachments')
        .values({
          tenant_id: tenant.id,
          owner_type: 'ticket',
          owner_id: 7,
          filename: 'b.txt',
          content_type: 'text/plain',
          size: 1,
          content: Buffer.from('b'),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      assert.ok(Number(next.id) > 41, String(next.id));
    } finally {
      await database.close();
      await cleanup();
    }
  });
}
