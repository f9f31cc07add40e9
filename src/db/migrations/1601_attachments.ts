// One attachment store for every owner (tickets, receipts, later invoices): metadata and the bytes as bytes
// (BLOB / bytea, no longer base64 text), keyed by (owner_type, owner_id) like category_links. The ticket
// attachments move over with their ids, so the URLs clients kept stay valid.
import { sql } from 'kysely';
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl } from '../dialect.js';

const BATCH = 100;

export const attachments: Migration = {
  version: '1601_attachments',
  async up(db, dialect) {
    const t = ddl(dialect);
    await execScript(
      db,
      `
CREATE TABLE attachments (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id ${t.id},
  owner_type ${t.text} NOT NULL,
  owner_id ${t.int} NOT NULL,
  filename ${t.text} NOT NULL,
  content_type ${t.text} NOT NULL,
  size ${t.int} NOT NULL,
  content ${t.bytes} NOT NULL,
  created ${t.timestamp}
  ${t.tenantPk}
);
${t.tenantIdIndex('attachments')}
CREATE INDEX attachments_owner ON attachments (tenant_id, owner_type, owner_id, id);
-- Owners with a single file (a receipt): one row each, so concurrent uploads replace instead of adding.
CREATE UNIQUE INDEX attachments_single ON attachments (tenant_id, owner_type, owner_id) WHERE owner_type = 'receipt'
`,
    );
    // Decoded here rather than in SQL: SQLite has no base64 function.
    for (let after = 0; ;) {
      const rows = await db
        .selectFrom('ticket_attachments')
        .selectAll()
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (rows.length === 0) break;
      await db
        .insertInto('attachments')
        .values(
          rows.map((r) => ({
            tenant_id: r.tenant_id,
            id: r.id,
            owner_type: 'ticket',
            owner_id: r.ticket_id,
            filename: r.filename,
            content_type: r.content_type,
            size: r.size,
            content: Buffer.from(r.file_contents, 'base64'),
            created: r.created,
          })),
        )
        .execute();
      after = Number(rows[rows.length - 1].id);
    }
    if (dialect === 'postgres')
      await sql`SELECT setval(pg_get_serial_sequence('attachments', 'id'), COALESCE((SELECT max(id) FROM attachments), 0) + 1, false)`.execute(
        db,
      );
    await sql`DROP TABLE ticket_attachments`.execute(db);
  },
};
