// Invoice item rules: the invoice is named by invoice_number or invoice_id (both must agree); references exist in
// the tenant (a task of another project is 422); decimals keep their scale; nothing changes on a Billed invoice
// (422 naming it), and an item is not deleted while bookings are linked to it. Every write locks the invoice rows it
// touches (the item's invoice and, for a move, the new one: billing.service.ts lockInvoices) before it checks them,
// so it commits before a billing of either or is refused; it then stores their new amounts.
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Scope } from '../../tenancy/scope.js';
import { arrayParam } from '../../http/list/index.js';
import type { Dialect } from '../../db/dialect.js';
import { existsInTenant } from '../../db/lookup.js';
import { ErrorBag, notFound } from '../../values/errors.js';
import type { Violation } from '../../booking/facts.js';
import { parseFilterTimestamp } from '../../values/formats.js';
import { decimalToUnits } from '../../values/money.js';
import { dateValues, enumId, merged, pick, refuseWhileUsed } from '../crud/index.js';
import { findTask } from '../projects/project-tasks.repository.js';
import type { InvoiceItemWriteT } from './invoice-items.schemas.js';
import {
  deleteInvoiceItem,
  findInvoiceItem,
  insertInvoiceItem,
  invoiceIdOfItem,
  listInvoiceItems,
  toInvoiceItem,
  updateInvoiceItem,
  type InvoiceItemFilters,
  type InvoiceItemRow,
} from './invoice-items.repository.js';
import { findInvoice, findInvoiceById, shareInvoiceStatus, type InvoiceRow } from './invoices.repository.js';
import { refuseWhileBilled, type InvoiceScope } from './invoices.service.js';
import { lockInvoices, refreshAmounts } from './billing.service.js';
import { BILLED } from './invoice-enums.js';

const PLAIN = [
  'project_id',
  'project_task_id',
  'ticket_id',
  'article_id',
  'customer_number',
  'description',
  'repetition',
  'unit',
  'currency',
  'language',
  'invoice_text',
  'sorting',
  'contains_working_hours',
  'contains_receipts',
  'contains_travel_expenses',
  'planned_date',
] as const;
const DECIMALS = [
  ['quantity', 'quantity_e5', 5],
  ['unit_price', 'unit_price_e4', 4],
  ['planned_amount', 'planned_amount_cents', 2],
  ['billed_amount', 'billed_amount_cents', 2],
  ['vat', 'vat_e4', 4],
] as const;

export async function requireInvoiceItem(db: TenantDb, id: number): Promise<InvoiceItemRow> {
  const row = await findInvoiceItem(db, id);
  if (!row) throw notFound('Invoice item');
  return row;
}

/** The invoice a body names (by number or id), undefined when it names none, null when it detaches the item. */
async function namedInvoice(
  db: TenantDb,
  body: InvoiceItemWriteT,
  errors: ErrorBag,
): Promise<InvoiceRow | null | undefined> {
  // undefined: not sent; null: sent as null; false: no such invoice.
  let byNumber: InvoiceRow | null | undefined | false = body.invoice_number === null ? null : undefined;
  if (body.invoice_number != null) byNumber = (await findInvoice(db, body.invoice_number)) ?? false;
  let byId: InvoiceRow | null | undefined | false = body.invoice_id === null ? null : undefined;
  if (body.invoice_id != null) byId = (await findInvoiceById(db, body.invoice_id)) ?? false;
  if (byNumber === false) errors.add('invoice_number', 'The selected invoice number is invalid.');
  if (byId === false) errors.add('invoice_id', 'The selected invoice id is invalid.');
  if (byNumber === false || byId === false) return undefined;
  if (byNumber !== undefined && byId !== undefined && (byNumber?.id ?? null) !== (byId?.id ?? null)) {
    errors.add('invoice_id', 'The invoice id and the invoice number name different invoices.');
    return undefined;
  }
  return byNumber !== undefined ? byNumber : byId;
}

async function itemColumns(
  db: TenantDb,
  body: InvoiceItemWriteT,
  current?: InvoiceItemRow,
): Promise<Record<string, unknown>> {
  const b = body as Record<string, unknown>;
  dateValues(body, ['from', 'to', 'planned_date']);
  const errors = new ErrorBag();
  const columns: Record<string, unknown> = pick(body, PLAIN);
  const invoice = await namedInvoice(db, body, errors);
  if (invoice !== undefined) columns.invoice_id = invoice === null ? null : Number(invoice.id);
  if (body.from !== undefined) columns.from_date = body.from;
  if (body.to !== undefined) columns.to_date = body.to;
  const from = merged(body.from, current?.from_date ?? null);
  const to = merged(body.to, current?.to_date ?? null);
  if (from && to && String(to).slice(0, 10) < String(from).slice(0, 10))
    errors.add('to', 'The to must be a date after or equal to from.');
  for (const [field, column, scale] of DECIMALS) {
    const v = b[field] as number | string | null | undefined;
    if (v === undefined) continue;
    const units = v === null ? null : decimalToUnits(v, scale);
    if (units === undefined)
      errors.add(field, `The ${field.replace(/_/g, ' ')} field must have at most ${scale} decimal places.`);
    else columns[column] = units;
  }
  if (body.billed_date != null) {
    const at = parseFilterTimestamp(body.billed_date);
    if (at === null) errors.add('billed_date', 'The billed date field must be a valid date (ISO 8601 or Y-m-d H:i:s).');
    columns.billed_date = at;
  } else if (body.billed_date === null) columns.billed_date = null;
  for (const field of ['status', 'kind', 'type'] as const)
    if (body[field] !== undefined) columns[field] = enumId(body[field]);
  const refs = [
    ['project_id', 'projects', 'id'],
    ['ticket_id', 'tickets', 'id'],
    ['customer_number', 'customers', 'customer_number'],
  ] as const;
  for (const [field, table, column] of refs) {
    const v = body[field];
    if (v != null && !(await existsInTenant(db, table, column, v)))
      errors.add(field, `The selected ${field.replace(/_/g, ' ')} is invalid.`);
  }
  if (body.article_id != null && !(await existsInTenant(db, 'articles', 'id', body.article_id)))
    errors.add('article_id', 'The selected article id is invalid.');
  const projectId = merged(body.project_id, current?.project_id ?? null);
  const taskId = merged(body.project_task_id, current?.project_task_id ?? null);
  if ((body.project_task_id != null || body.project_id !== undefined) && taskId !== null) {
    if (projectId === null) errors.add('project_task_id', 'A task needs its project (project_id).');
    else if (!errors.errors.project_id && !(await findTask(db, Number(projectId), Number(taskId))))
      errors.add('project_task_id', 'The selected project task id is not a task of the project.');
  }
  errors.throwIfAny();
  return columns;
}

/** 422 when the item's current invoice is Billed (a first look, before the body is checked). */
async function refuseOnBilledInvoice(db: TenantDb, row: InvoiceItemRow): Promise<void> {
  if (row.invoice_id === null) return;
  const invoice = await findInvoiceById(db, Number(row.invoice_id));
  if (invoice) refuseWhileBilled(invoice);
}

/**
 * Lock the invoices an item write touches (its current one and the one it moves to) and refuse the write when either
 * is Billed, as they are now: a billing that committed first is seen, one that comes later waits for this write.
 */
async function lockTouchedInvoices(
  s: InvoiceScope,
  trx: TenantDb,
  current: number | null,
  target: unknown,
): Promise<void> {
  const touched = [current, typeof target === 'number' ? target : null];
  const rows = await lockInvoices(trx, s.dialect, touched);
  for (const id of touched) {
    const invoice = id === null ? undefined : rows.get(Number(id));
    if (invoice) refuseWhileBilled(invoice);
  }
}

export async function createInvoiceItem(s: InvoiceScope, body: InvoiceItemWriteT): Promise<InvoiceItemRow> {
  return s.db.transaction(async (trx) => {
    const columns = await itemColumns(trx, body);
    await lockTouchedInvoices(s, trx, null, columns.invoice_id);
    const row = await insertInvoiceItem(trx, {
      quantity_e5: 100_000,
      unit_price_e4: 0,
      currency: 'EUR',
      language: 'de',
      status: 0,
      kind: 0,
      type: 0,
      ...columns,
    });
    await refreshAmounts(trx, [row.invoice_id]);
    return requireInvoiceItem(trx, Number(row.id));
  });
}

export async function changeInvoiceItem(
  s: InvoiceScope,
  stored: InvoiceItemRow,
  body: InvoiceItemWriteT,
): Promise<InvoiceItemRow> {
  await refuseOnBilledInvoice(s.db, stored);
  return s.db.transaction(async (trx) => {
    const columns = await itemColumns(trx, body, stored);
    await lockTouchedInvoices(
      s,
      trx,
      stored.invoice_id === null ? null : Number(stored.invoice_id),
      columns.invoice_id,
    );
    // Read again under the locks: an invoice deleted meanwhile has detached the item.
    const row = await requireInvoiceItem(trx, Number(stored.id));
    const updated = await updateInvoiceItem(trx, Number(row.id), columns);
    await refreshAmounts(trx, [row.invoice_id, updated.invoice_id]);
    return requireInvoiceItem(trx, Number(row.id));
  });
}

export async function removeInvoiceItem(s: InvoiceScope, stored: InvoiceItemRow): Promise<void> {
  await refuseOnBilledInvoice(s.db, stored);
  await s.db.transaction(async (trx) => {
    await lockTouchedInvoices(s, trx, stored.invoice_id === null ? null : Number(stored.invoice_id), null);
    const row = await requireInvoiceItem(trx, Number(stored.id));
    await refuseWhileUsed(trx, 'invoice_items', row, (what) => `The invoice item still bills ${what}.`);
    await deleteInvoiceItem(trx, Number(row.id));
    await refreshAmounts(trx, [row.invoice_id]);
  });
}

/**
 * The number of the Billed invoice an invoice item belongs to, or null (bookings and receipts linked to it lock).
 * Inside a write transaction on PostgreSQL the invoice row is read FOR SHARE, so billing it (an UPDATE of that row)
 * waits for the write, and the write waits for a billing in progress and then sees it.
 */
export async function billedInvoiceOfItem(
  db: TenantDb,
  invoiceItemId: number | null,
  dialect?: Dialect,
): Promise<string | null> {
  if (invoiceItemId === null) return null;
  const item = await invoiceIdOfItem(db, invoiceItemId);
  if (!item || item.invoice_id === null) return null;
  const invoice = await shareInvoiceStatus(db, Number(item.invoice_id), dialect);
  return invoice && Number(invoice.status) === BILLED ? invoice.invoice_number : null;
}

/**
 * The lock of a booking or receipt linked to an invoice item: once the item's invoice is Billed, a change or delete
 * is 422 on `invoice_item_id` (rule `billed`) naming the invoice. Read inside the write transaction (FOR SHARE).
 */
export async function billedLinkViolations(
  db: TenantDb,
  dialect: Dialect,
  invoiceItemId: number | null,
  what: string,
): Promise<Violation[]> {
  const invoice = await billedInvoiceOfItem(db, invoiceItemId === null ? null : Number(invoiceItemId), dialect);
  return invoice === null
    ? []
    : [
        {
          field: 'invoice_item_id',
          rule: 'billed',
          message: `The ${what} is billed with invoice ${invoice} and cannot be changed or deleted.`,
        },
      ];
}

/**
 * A new link of a booking or receipt (`what`, e.g. "bookings") to an invoice item: the item must exist, bill the
 * record's project (when it names one) and not be on a Billed invoice; else a 422 message on `invoice_item_id`.
 */
export async function checkInvoiceItemLink(
  db: TenantDb,
  dialect: Dialect,
  id: number | null,
  projectId: number,
  what: string,
  errors: ErrorBag,
): Promise<void> {
  if (id === null) return;
  const item = await findInvoiceItem(db, id);
  if (!item) errors.add('invoice_item_id', 'The selected invoice item id is invalid.');
  else if (item.project_id !== null && Number(item.project_id) !== projectId)
    errors.add('invoice_item_id', 'The invoice item bills another project.');
  else {
    const invoice = await billedInvoiceOfItem(db, id, dialect);
    if (invoice !== null) errors.add('invoice_item_id', `The invoice ${invoice} is billed and takes no more ${what}.`);
  }
}

/** The list filters of a query (`status` may repeat), narrowed to what the parent holds. */
function filters(query: Record<string, unknown>, scope: InvoiceItemFilters = {}): InvoiceItemFilters {
  const q = query as InvoiceItemFilters & { invoice_id?: number };
  return {
    invoice_id: q.invoice_id,
    statuses: arrayParam(query, 'status')?.map(Number),
    planned_from: q.planned_from,
    planned_to: q.planned_to,
    ...scope,
  };
}

const show = ({ db }: Scope, row: InvoiceItemRow) => toInvoiceItem(row, db.language);

/** The invoice items as the CRUD kit (modules/crud) lists, reads and writes them at /invoice-items. */
export const invoiceItems = {
  list: ({ db }: Scope, query: Record<string, unknown>) => listInvoiceItems(db, filters(query)),
  find: ({ db }: Scope, id: number) => findInvoiceItem(db, id),
  show,
  insert: (s: Scope, body: InvoiceItemWriteT) => createInvoiceItem(s, body),
  update: (s: Scope, row: InvoiceItemRow, changes: InvoiceItemWriteT) => changeInvoiceItem(s, row, changes),
  remove: (s: Scope, row: InvoiceItemRow) => removeInvoiceItem(s, row),
};

/** The invoice items a parent holds, narrowed to it, as the CRUD kit (modules/crud) lists and reads them. */
const itemsOf = <P>(narrow: (parent: P) => InvoiceItemFilters) => ({
  list: ({ db }: Scope, query: Record<string, unknown>, parent: P) =>
    listInvoiceItems(db, filters(query, narrow(parent))),
  find: ({ db }: Scope, id: number, parent: P) => findInvoiceItem(db, id, narrow(parent)),
  show,
});

/** The items of an invoice (GET /invoices/{invoice_number}/items). */
export const invoiceItemsOfInvoice = itemsOf((invoice: { id: number }) => ({ invoice_id: Number(invoice.id) }));

/** The invoice items of a project (GET /projects/{project}/invoice-items). */
export const projectInvoiceItems = itemsOf((project: { id: number }) => ({ project_id: Number(project.id) }));
