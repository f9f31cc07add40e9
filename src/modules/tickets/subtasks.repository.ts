// SQL for ticket subtasks; every query is scoped by tenant and ticket.
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { TicketSubtasksTable } from './tickets.tables.js';
import type { ListSpec } from '../../db/list-spec.js';
import { nowTimestamp } from '../../values/formats.js';
import { Type } from '@sinclair/typebox';
import { rowMapper } from '../../db/row-mapping.js';
import { commonMapping } from './tickets.repository.js';
import { Subtask, type SubtaskT } from './subtasks.schemas.js';

export type SubtaskRow = Selectable<TicketSubtasksTable>;

const nullable = (column: string) => ({ column, nullable: true });
export const subtaskListSpec: ListSpec = {
  key: ['id'],
  sortable: {
    id: 'id',
    name: 'name',
    subject: 'subject',
    status: 'status',
    date: 'date',
    ...Object.fromEntries(
      ['start_date', 'deadline', 'planned_hours', 'processor_username', 'created', 'modified'].map((c) => [
        c,
        nullable(c),
      ]),
    ),
  },
};

export function listSubtasks(db: TenantDb, ticketId: number, f: { status?: number }) {
  let q = db.selectFrom('ticket_subtasks').selectAll().where('ticket_id', '=', ticketId);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  return q;
}

export const findSubtask = (db: TenantDb, ticketId: number, id: number) =>
  db
    .selectFrom('ticket_subtasks')
    .selectAll()
    .where('ticket_id', '=', ticketId)
    .where('id', '=', id)
    .executeTakeFirst();

export async function insertSubtask(db: TenantDb, ticketId: number, values: Record<string, unknown>) {
  const now = nowTimestamp();
  const row = await db
    .insertInto('ticket_subtasks', {
      prevent_overbooking: 0,
      ...(values as any),
      ticket_id: ticketId,
      date: now,
      history_creator_username: values.creator_username ?? null,
      created: now,
      modified: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export const updateSubtask = (db: TenantDb, id: number, values: Record<string, unknown>) =>
  db
    .updateTable('ticket_subtasks')
    .set({ ...(values as any), modified: nowTimestamp() })
    .where('id', '=', id)
    .execute();

export async function deleteSubtask(db: TenantDb, id: number) {
  await db.transaction(async (trx) => {
    await trx.deleteFrom('category_links').where('entity_type', '=', 'subtask').where('entity_id', '=', id).execute();
    await trx.deleteFrom('ticket_subtasks').where('id', '=', id).execute();
  });
}

const day = (v: string | null) => (v === null ? null : v.slice(0, 10));
const mapSubtask = rowMapper(Type.Omit(Subtask, ['categories']), {
  convert: { ...commonMapping.convert, start_date: day, deadline: day },
  labels: commonMapping.labels,
});
export const toSubtask = (r: SubtaskRow, language: string): SubtaskT => mapSubtask(r, { language });
