// SQL for ticket attachments. The row keeps the file store's reference to the bytes (storage/).
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { TicketAttachmentsTable } from './tickets.tables.js';
import { nowTimestamp, outTimestamp } from '../../http/formats.js';

type Row = Selectable<TicketAttachmentsTable>;
const META = ['id', 'ticket_id', 'filename', 'content_type', 'size', 'created'] as const;

export const listAttachments = (db: TenantDb, ticketId: number) =>
  db.selectFrom('ticket_attachments').select(META).where('ticket_id', '=', ticketId).orderBy('id').execute();

export const findAttachment = (db: TenantDb, ticketId: number, id: number) =>
  db.selectFrom('ticket_attachments').selectAll().where('ticket_id', '=', ticketId).where('id', '=', id).executeTakeFirst();

export async function insertAttachment(db: TenantDb, ticketId: number, file: { filename: string; content_type: string; size: number; file_contents: string }) {
  await db
    .insertInto('ticket_attachments', { ticket_id: ticketId, ...file, created: nowTimestamp() })
    .execute();
}

export function toAttachment(r: Pick<Row, (typeof META)[number]>) {
  return {
    id: Number(r.id),
    ticket_id: Number(r.ticket_id),
    filename: r.filename,
    content_type: r.content_type,
    size: Number(r.size),
    created: outTimestamp(r.created),
  };
}
