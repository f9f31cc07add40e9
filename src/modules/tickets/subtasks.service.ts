// Subtask rules beyond plain SQL: the checks tickets and subtasks share, categories looked up inside the tenant;
// a subtask is written with its categories in one transaction, and not deleted while bookings refer to it.
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Scope } from '../../tenancy/scope.js';
import { ErrorBag } from '../../values/errors.js';
import { refuseWhileUsed } from '../crud/index.js';
import { loadCategories, resolveCategoryIds, setCategories } from '../categories/category-links.repository.js';
import { commonColumns } from './ticket-common.service.js';
import type { SubtaskT, SubtaskUpdateT } from './subtasks.schemas.js';
import {
  deleteSubtask,
  findSubtask,
  insertSubtask,
  listSubtasks,
  toSubtask,
  updateSubtask,
  type SubtaskRow,
} from './subtasks.repository.js';
import type { TicketRow } from './tickets.repository.js';

/** A subtask with its categories (detail, create and update responses). */
export async function subtaskDetail(db: TenantDb, row: SubtaskRow): Promise<SubtaskT> {
  const id = Number(row.id);
  return { ...toSubtask(row, db.language), categories: (await loadCategories(db, 'subtask', [id])).get(id) ?? [] };
}

/** Create (no current subtask) or update a subtask of the ticket; returns the stored row. */
export async function writeSubtask(
  db: TenantDb,
  ticket: TicketRow,
  body: SubtaskUpdateT,
  current?: SubtaskRow,
): Promise<SubtaskRow> {
  const errors = new ErrorBag();
  const columns = await commonColumns(db, body, errors, current);
  const categoryIds =
    body.categories === undefined
      ? undefined
      : await errors.collect(() => resolveCategoryIds(db, body.categories ?? []));
  errors.throwIfAny();
  const id = await db.transaction(async (trx) => {
    const subtaskId = current ? Number(current.id) : await insertSubtask(trx, Number(ticket.id), columns);
    if (current) await updateSubtask(trx, subtaskId, columns);
    if (categoryIds) await setCategories(trx, 'subtask', subtaskId, categoryIds);
    return subtaskId;
  });
  return (await findSubtask(db, Number(ticket.id), id))!;
}

/** Refused (422 on subtask_id) while bookings refer to the subtask. */
export async function removeSubtask(db: TenantDb, subtask: SubtaskRow): Promise<void> {
  await refuseWhileUsed(db, 'ticket_subtasks', subtask, (what) => `The subtask still has ${what}.`, 'subtask_id');
  await deleteSubtask(db, Number(subtask.id));
}

/** The subtasks of a ticket as the CRUD kit (modules/crud) lists, reads and writes them. */
export const subtasks = {
  list: ({ db }: Scope, query: { status?: number }, ticket: TicketRow) => listSubtasks(db, Number(ticket.id), query),
  listItems: async ({ db }: Scope, rows: SubtaskRow[]) => rows.map((r) => toSubtask(r, db.language)),
  find: ({ db }: Scope, id: number, ticket: TicketRow) => findSubtask(db, Number(ticket.id), id),
  show: ({ db }: Scope, row: SubtaskRow) => subtaskDetail(db, row),
  insert: ({ db }: Scope, body: SubtaskUpdateT, ticket: TicketRow) => writeSubtask(db, ticket, body),
  update: ({ db }: Scope, row: SubtaskRow, changes: SubtaskUpdateT, ticket: TicketRow) =>
    writeSubtask(db, ticket, changes, row),
  remove: ({ db }: Scope, row: SubtaskRow) => removeSubtask(db, row),
};
