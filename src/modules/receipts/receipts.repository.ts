// SQL for receipts and their amount lines; every query is scoped by tenant. A page of receipts reads its
// filenames in one query; a page of lines reads the header's net flags once.
import type { Authored } from '../../db/columns.js';
import { rowMapper, type MapContext } from '../../db/row-mapping.js';
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Scope } from '../../tenancy/scope.js';
import type { ListSpec } from '../../db/list-spec.js';
import { nowTimestamp, outTimestamp, toBool } from '../../values/formats.js';
import { decimalUnits } from '../../values/money.js';
import { deleteAttachments, filenamesOf } from '../attachments/index.js';
import type { ReceiptAmountsTable, ReceiptsTable } from './receipts.tables.js';
import { Receipt, type ReceiptAmountT, type ReceiptListQueryT, type ReceiptT } from './receipts.schemas.js';

export type ReceiptRow = Selectable<ReceiptsTable>;
export type ReceiptAmountRow = Selectable<ReceiptAmountsTable>;
/** An amount line as stored: scaled integers (tax and quantity in 1/10^4, money in cents). */
export type ReceiptLine = Omit<ReceiptAmountRow, 'tenant_id' | 'id' | 'receipt_id'>;
/** Column values of a receipt header (what a write stores). */
export type ReceiptValues = Omit<
  ReceiptRow,
  'tenant_id' | 'id' | 'created' | 'modified' | 'billing_undo' | keyof Authored
>;

const nullable = (column: string) => ({ column, nullable: true });
export const receiptListSpec: ListSpec = {
  key: ['id'],
  sortable: {
    id: 'id',
    employee_id: 'employee_id',
    date: 'date',
    receipt_type_id: 'receipt_type_id',
    currency: 'currency',
    invoice_amount_currency: 'invoice_amount_currency',
    note: nullable('note'),
    payment_method: 'payment_method',
    breakfast: 'breakfast_cents',
    lunch_or_dinner: 'lunch_or_dinner_cents',
    location: nullable('location'),
    is_amount_net: 'is_amount_net',
    is_invoice_amount_net: nullable('is_invoice_amount_net'),
    billing_status: nullable('billing_status'),
    performance_date: nullable('performance_date'),
    client_id: nullable('client_id'),
    invoice_item_id: nullable('invoice_item_id'),
    project_id: 'project_id',
    project_task_id: nullable('project_task_id'),
    ticket_id: nullable('ticket_id'),
    subtask_id: nullable('subtask_id'),
    created: nullable('created'),
    modified: nullable('modified'),
  },
};

export const receiptAmountListSpec: ListSpec = {
  key: ['id'],
  sortable: {
    id: 'id',
    tax: 'tax_e4',
    quantity: 'quantity_e4',
    amount: 'amount_cents',
    invoicing_share: 'invoicing_share_cents',
    private_share: 'private_share_cents',
  },
  modified: false,
};

export function listReceipts(db: TenantDb, f: ReceiptListQueryT) {
  let q = db.selectFrom('receipts').selectAll();
  if (f.start_date !== undefined) q = q.where('date', '>=', f.start_date);
  if (f.end_date !== undefined) q = q.where('date', '<=', f.end_date);
  if (f.employee_id !== undefined) q = q.where('employee_id', '=', f.employee_id);
  if (f.project_id !== undefined) q = q.where('project_id', '=', f.project_id);
  const statuses = f['billing_status[]'];
  if (statuses !== undefined && statuses.length) q = q.where('billing_status', 'in', statuses);
  return q;
}

export const findReceipt = (db: TenantDb, id: number) =>
  db.selectFrom('receipts').selectAll().where('id', '=', Number(id)).executeTakeFirst();

export const findReceiptByClientId = (db: TenantDb, employee: string, clientId: number) =>
  db
    .selectFrom('receipts')
    .selectAll()
    .where('employee_id', '=', employee)
    .where('client_id', '=', clientId)
    .executeTakeFirst();

export const listAmounts = (db: TenantDb, receiptId: number) =>
  db.selectFrom('receipt_amounts').selectAll().where('receipt_id', '=', receiptId);

export const findAmount = (db: TenantDb, receiptId: number, id: number) =>
  db
    .selectFrom('receipt_amounts')
    .selectAll()
    .where('receipt_id', '=', receiptId)
    .where('id', '=', Number(id))
    .executeTakeFirst();

/** The stored lines of a receipt, in order. */
export const amountsOf = async (db: TenantDb, receiptId: number): Promise<ReceiptLine[]> =>
  (await listAmounts(db, receiptId).orderBy('id').execute()).map((l) => ({
    tax_e4: Number(l.tax_e4),
    quantity_e4: Number(l.quantity_e4),
    amount_cents: Number(l.amount_cents),
    invoicing_share_cents: Number(l.invoicing_share_cents),
    private_share_cents: Number(l.private_share_cents),
  }));

async function insertLines(db: TenantDb, receiptId: number, lines: readonly ReceiptLine[]) {
  await db
    .insertInto(
      'receipt_amounts',
      lines.map((l) => ({ receipt_id: receiptId, ...l })),
    )
    .execute();
}

/**
 * Insert a header with its lines (inside the caller's transaction). With a client_id the employee already used,
 * nothing is written and undefined comes back: the unique index decides, also between concurrent requests.
 */
export async function insertReceipt(
  db: TenantDb,
  values: ReceiptValues,
  lines: readonly ReceiptLine[],
): Promise<ReceiptRow | undefined> {
  const now = nowTimestamp();
  const row = await db
    .insertInto('receipts', { ...values, created: now, modified: now })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'employee_id', 'client_id']).where('client_id', 'is not', null).doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
  if (row) await insertLines(db, Number(row.id), lines);
  return row;
}

/** Update the header; `lines` (when given) replace the stored ones. Inside the caller's transaction. */
export async function updateReceipt(
  db: TenantDb,
  id: number,
  values: Partial<ReceiptValues>,
  lines?: readonly ReceiptLine[],
): Promise<ReceiptRow> {
  const row = await db
    .updateTable('receipts')
    .set({ ...values, modified: nowTimestamp() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (lines) {
    await db.deleteFrom('receipt_amounts').where('receipt_id', '=', id).execute();
    await insertLines(db, id, lines);
  }
  return row;
}

/** Delete a receipt with its lines and its file. Inside the caller's transaction. */
export async function deleteReceipt(db: TenantDb, id: number): Promise<void> {
  await deleteAttachments(db, { type: 'receipt', id });
  await db.deleteFrom('receipt_amounts').where('receipt_id', '=', id).execute();
  await db.deleteFrom('receipts').where('id', '=', id).execute();
}

const money = (cents: number) => decimalUnits(Number(cents), 2);
/** A per-diem deduction: "0" when there is none (contract: a string, 0 if none), else its decimal text. */
const deduction = (v: number | null) => (v === null || Number(v) === 0 ? '0' : money(v)!);

const mapReceipt = rowMapper<typeof Receipt, MapContext & { filename: string | null }>(Receipt, {
  columns: { breakfast: 'breakfast_cents', lunch_or_dinner: 'lunch_or_dinner_cents' },
  convert: {
    breakfast: deduction,
    lunch_or_dinner: deduction,
    filename: (_, _r, ctx) => ctx.filename,
  },
  labels: { billing_status: 'receipt_billing_status' },
});
export const toReceipt = (r: ReceiptRow, filename: string | null, language: string): ReceiptT =>
  mapReceipt(r, { filename, language });

/** A page of receipts with their filenames (one query for the page). */
export async function toReceipts(db: TenantDb, rows: ReceiptRow[]): Promise<ReceiptT[]> {
  const names = await filenamesOf(
    db,
    'receipt',
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => toReceipt(r, names.get(Number(r.id)) ?? null, db.language));
}

export const toAmount = (
  r: ReceiptAmountRow,
  header: Pick<ReceiptRow, 'is_amount_net' | 'is_invoice_amount_net'>,
): ReceiptAmountT => ({
  id: Number(r.id),
  receipt_id: Number(r.receipt_id),
  tax: decimalUnits(Number(r.tax_e4), 4),
  quantity: decimalUnits(Number(r.quantity_e4), 4),
  amount: money(r.amount_cents),
  invoicing_share: money(r.invoicing_share_cents),
  private_share: money(r.private_share_cents),
  is_amount_net: toBool(header.is_amount_net) ?? false,
  is_invoice_amount_net: toBool(header.is_invoice_amount_net) ?? false,
});

/** The project of a task, ticket, and the ticket of a subtask a receipt names (undefined: none such). */
export const projectOfTask = (db: TenantDb, id: number) =>
  db.selectFrom('project_tasks').select('project_id').where('id', '=', id).executeTakeFirst();
export const projectOfTicket = (db: TenantDb, id: number) =>
  db.selectFrom('tickets').select('project_id').where('id', '=', id).executeTakeFirst();
export const ticketOfSubtask = (db: TenantDb, id: number) =>
  db.selectFrom('ticket_subtasks').select('ticket_id').where('id', '=', id).executeTakeFirst();

/** The amounts of a receipt as the CRUD kit (modules/crud) lists and reads them. */
export const receiptAmounts = {
  list: ({ db }: Scope, _query: unknown, receipt: ReceiptRow) => listAmounts(db, Number(receipt.id)),
  find: ({ db }: Scope, id: number, receipt: ReceiptRow) => findAmount(db, Number(receipt.id), id),
  show: (_s: Scope, row: ReceiptAmountRow, receipt: ReceiptRow) => toAmount(row, receipt),
};
