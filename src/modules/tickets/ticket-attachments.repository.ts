// SQL for ticket attachments; contents are stored as base64 text (same on both databases).
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { TicketAttachmentsTable } from './tickets.tables.js';
import { nowTimestamp, outTimestamp } from '../../http/formats.js';

type Row = Selectable<TicketAttachmentsTable>;
const META = ['id', 'ticket_id', 'filename', 'content_type', 'size', 'created'] as const;

export const listAttachments = (db: Kysely<DB>, tenantId: number, ticketId: number) =>
  db.selectFrom('ticket_attachments').select(META).where('tenant_id', '=', tenantId).where('ticket_id', '=', ticketId).orderBy('id').execute();

export const findAttachment = (db: Kysely<DB>, tenantId: number, ticketId: number, id: number) =>
  db.selectFrom('ticket_attachments').selectAll().where('tenant_id', '=', tenantId).where('ticket_id', '=', ticketId).where('id', '=', id).executeTakeFirst();

export async function insertAttachment(db: Kysely<DB>, tenantId: number, ticketId: number, file: { filename: string; content_type: string; content: Buffer }) {
  await db
    .insertInto('ticket_attachments')
    .values({
      tenant_id: tenantId,
      ticket_id: ticketId,
      filename: file.filename,
      content_type: file.content_type,
      size: file.content.length,
      file_contents: file.content.toString('base64'),
      created: nowTimestamp(),
    })
    .execute();
}

export function toAttachment(r: Pick<Row, (typeof META)[number]> & { file_contents?: string }, withContents = false) {
  return {
    id: Number(r.id),
    ticket_id: Number(r.ticket_id),
    filename: r.filename,
    content_type: r.content_type,
    size: Number(r.size),
    created: outTimestamp(r.created),
    ...(withContents && r.file_contents !== undefined ? { file_contents: r.file_contents } : {}),
  };
}
