// SQL for tickets; every query is scoped by tenant.
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { TicketsTable } from './tickets.tables.js';
import type { ListSpec } from '../../db/list-spec.js';
import { fromJson, nowTimestamp, outDate } from '../../values/formats.js';
import { deleteAttachments } from '../attachments/index.js';
import { Type } from '@sinclair/typebox';
import { rowMapper } from '../../db/row-mapping.js';
import { Ticket, type TicketT } from './tickets.schemas.js';

export type TicketRow = Selectable<TicketsTable>;

const nullable = (column: string) => ({ column, nullable: true });
export const ticketListSpec: ListSpec = {
  key: ['id'],
  sortable: {
    id: 'id',
    subject: 'subject',
    priority: 'priority',
    status: 'status',
    project_id: 'project_id',
    project_task_id: 'project_task_id',
    date: 'date',
    prevent_overbooking: 'prevent_overbooking',
    ...Object.fromEntries(
      [
        'creator_username',
        'processor_username',
        'receipt_date',
        'start_date',
        'deadline',
        'planned_hours',
        'external_ticket_number',
        'customer_reference',
        'created',
        'modified',
      ].map((c) => [c, nullable(c)]),
    ),
  },
};

export interface TicketFilters {
  start_date?: string;
  end_date?: string;
  project_id?: number;
  project_task_id?: number;
  status?: number;
}

/** Runtime filter as for projects: the ticket's start_date..deadline overlaps the range; missing ends are open. */
export function listTickets(db: TenantDb, f: TicketFilters) {
  let q = db.selectFrom('tickets').selectAll();
  if (f.end_date !== undefined)
    q = q.where((eb) => eb.or([eb('start_date', 'is', null), eb('start_date', '<=', f.end_date!)]));
  if (f.start_date !== undefined)
    q = q.where((eb) => eb.or([eb('deadline', 'is', null), eb('deadline', '>=', f.start_date!)]));
  if (f.project_id !== undefined) q = q.where('project_id', '=', f.project_id);
  if (f.project_task_id !== undefined) q = q.where('project_task_id', '=', f.project_task_id);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  return q;
}

export const findTicket = (db: TenantDb, id: number) =>
  db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertTicket(db: TenantDb, values: Record<string, unknown>) {
  const now = nowTimestamp();
  const row = await db
    .insertInto('tickets', {
      prevent_overbooking: 0,
      ...(values as any),
      date: now,
      history_creator_username: values.creator_username ?? null,
      created: now,
      modified: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export const updateTicket = (db: TenantDb, id: number, values: Record<string, unknown>) =>
  db
    .updateTable('tickets')
    .set({ ...(values as any), modified: nowTimestamp() })
    .where('id', '=', id)
    .execute();

/** Delete a ticket with its subtasks, attachments and category links (one transaction). */
export async function deleteTicket(db: TenantDb, id: number) {
  await db.transaction(async (trx) => {
    const subtaskIds = (await trx.selectFrom('ticket_subtasks').select('id').where('ticket_id', '=', id).execute()).map(
      (r) => Number(r.id),
    );
    await trx.deleteFrom('category_links').where('entity_type', '=', 'ticket').where('entity_id', '=', id).execute();
    if (subtaskIds.length)
      await trx
        .deleteFrom('category_links')
        .where('entity_type', '=', 'subtask')
        .where('entity_id', 'in', subtaskIds)
        .execute();
    await deleteAttachments(trx, { type: 'ticket', id });
    await trx.deleteFrom('ticket_subtasks').where('ticket_id', '=', id).execute();
    await trx.deleteFrom('tickets').where('id', '=', id).execute();
  });
}

/** Output fields tickets and subtasks share. */
type CommonRow = Pick<
  TicketsTable,
  | 'subject'
  | 'status'
  | 'creator_username'
  | 'processor_username'
  | 'date'
  | 'receipt_date'
  | 'processing_date'
  | 'done_date'
  | 'planned_hours'
  | 'prevent_overbooking'
  | 'history_modified'
  | 'history_creator_username'
  | 'customer_reference'
  | 'keywords'
  | 'created'
  | 'modified'
> & { id: number };

/** The fields tickets and subtasks share: their own mapping of the same columns. */
export const commonMapping = {
  convert: {
    receipt_date: outDate,
    customer_contact_person_id: () => null,
    keywords: (v: string | null) => fromJson<string[]>(v, []),
  },
  labels: { status: 'ticket_status' },
} as const;

const mapTicket = rowMapper(Type.Omit(Ticket, ['categories']), {
  convert: { ...commonMapping.convert, start_date: outDate, deadline: outDate },
  labels: commonMapping.labels,
});
export const toTicket = (r: TicketRow, language: string): TicketT => mapTicket(r, { language });
