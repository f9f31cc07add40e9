// Ticket rules beyond plain SQL: the shared ticket/subtask checks, the project and its task looked up inside the
// tenant (a task of another project is 422 on project_task_id), categories; a ticket is written with its
// categories in one transaction, and deleted with its subtasks and attachments unless bookings refer to it.
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Scope } from '../../tenancy/scope.js';
import { existsInTenant } from '../../db/lookup.js';
import { ErrorBag, notFound } from '../../values/errors.js';
import { refuseWhileUsed } from '../crud/index.js';
import { loadCategories, resolveCategoryIds, setCategories } from '../categories/category-links.repository.js';
import { findTask } from '../projects/project-tasks.repository.js';
import { commonColumns } from './ticket-common.service.js';
import type { TicketT, TicketUpdateT } from './tickets.schemas.js';
import {
  deleteTicket,
  findTicket,
  insertTicket,
  listTickets,
  toTicket,
  updateTicket,
  type TicketFilters,
  type TicketRow,
} from './tickets.repository.js';

/** Validate a ticket body (references inside the tenant) and return its columns and category ids. */
async function ticketColumns(db: TenantDb, body: TicketUpdateT, current?: TicketRow) {
  const errors = new ErrorBag();
  const { project_task_id, categories, ...rest } = body;
  const columns = await commonColumns(db, rest, errors, current);
  const projectId = body.project_id ?? Number(current?.project_id);
  const taskId = project_task_id !== undefined ? Number(project_task_id) : Number(current?.project_task_id);
  if (project_task_id !== undefined) columns.project_task_id = taskId;
  if (body.project_id !== undefined && !(await existsInTenant(db, 'projects', 'id', body.project_id))) {
    errors.add('project_id', 'The selected project id is invalid.');
  } else if (
    (body.project_id !== undefined || project_task_id !== undefined) &&
    !(await findTask(db, projectId, taskId))
  ) {
    errors.add('project_task_id', 'The selected project task id is not a task of the project.');
  }
  const categoryIds =
    categories === undefined ? undefined : await errors.collect(() => resolveCategoryIds(db, categories ?? []));
  errors.throwIfAny();
  return { columns, categoryIds };
}

/** The ticket of this tenant, or 404. */
export async function requireTicket(db: TenantDb, id: number): Promise<TicketRow> {
  const row = await findTicket(db, id);
  if (!row) throw notFound('Ticket');
  return row;
}

/** A ticket with its categories (detail, create and update responses). */
export async function ticketDetail(db: TenantDb, row: TicketRow): Promise<TicketT> {
  const id = Number(row.id);
  return { ...toTicket(row, db.language), categories: (await loadCategories(db, 'ticket', [id])).get(id) ?? [] };
}

/** Create (no current ticket) or update a ticket with its categories; returns the stored row. */
export async function writeTicket(db: TenantDb, body: TicketUpdateT, current?: TicketRow): Promise<TicketRow> {
  const { columns, categoryIds } = await ticketColumns(db, body, current);
  const id = await db.transaction(async (trx) => {
    const ticketId = current ? Number(current.id) : await insertTicket(trx, columns);
    if (current) await updateTicket(trx, ticketId, columns);
    if (categoryIds) await setCategories(trx, 'ticket', ticketId, categoryIds);
    return ticketId;
  });
  return requireTicket(db, id);
}

/** Refused (422 on id) while bookings refer to the ticket. */
export async function removeTicket(db: TenantDb, ticket: TicketRow): Promise<void> {
  await refuseWhileUsed(db, 'tickets', ticket, (what) => `The ticket still has ${what}.`);
  await deleteTicket(db, Number(ticket.id));
}

/** The tickets as the CRUD kit (modules/crud) lists, reads and writes them. */
export const tickets = {
  list: ({ db }: Scope, query: TicketFilters) => listTickets(db, query),
  listItems: async ({ db }: Scope, rows: TicketRow[]) => rows.map((r) => toTicket(r, db.language)),
  find: ({ db }: Scope, id: number) => findTicket(db, id),
  show: ({ db }: Scope, row: TicketRow) => ticketDetail(db, row),
  insert: ({ db }: Scope, body: TicketUpdateT) => writeTicket(db, body),
  update: ({ db }: Scope, row: TicketRow, changes: TicketUpdateT) => writeTicket(db, changes, row),
  remove: ({ db }: Scope, row: TicketRow) => removeTicket(db, row),
};
