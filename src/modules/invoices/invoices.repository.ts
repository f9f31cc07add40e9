// SQL for invoices (key: invoice_number), the tenant's invoice number sequence, and the read shape.
import { rowMapper, type MapContext } from '../../db/row-mapping.js';
import { sql, type Selectable } from 'kysely';
import { untyped, type TenantDb } from '../../db/tenant-scope.js';
import type { ListSpec } from '../../db/list-spec.js';
import type { Dialect } from '../../db/dialect.js';
import { nowTimestamp } from '../../values/formats.js';
import { decimalUnits } from '../../values/money.js';
import { insertRow, updateRow } from '../crud/index.js';
import type { InvoicesTable } from './invoices.tables.js';
import { Invoice, type InvoiceT } from './invoices.schemas.js';
import { invoiceNumberSortKey } from './invoice-number-order.js';

export type InvoiceRow = Selectable<InvoicesTable>;

const SORTABLE: Record<string, string> = {
  billing_kind: 'billing_kind',
  date: 'date',
  amount: 'amount_cents',
  status: 'status',
  currency: 'currency',
  correction_date: 'correction_date',
  payment_terms_date: 'payment_terms_date',
  payment_terms: 'payment_terms',
  email_sent_at: 'email_sent_at',
  customer_number: 'customer_number',
  title: 'title',
  type: 'type',
  created: 'created',
  modified: 'modified',
};
/** Default order: invoice numbers in natural order (number_sort, invoice-number-order.ts), ties by the number itself. */
export const invoiceListSpec: ListSpec = {
  key: ['invoice_number'],
  defaultSort: 'invoice_number',
  sortable: {
    invoice_number: 'number_sort',
    ...Object.fromEntries(Object.entries(SORTABLE).map(([f, c]) => [f, { column: c, nullable: true }])),
  },
};

export interface InvoiceFilters {
  customer_number?: string;
  date_from?: string;
  date_to?: string;
  status?: number;
}

export function listInvoices(db: TenantDb, f: InvoiceFilters) {
  let q = db.selectFrom('invoices').selectAll();
  if (f.customer_number !== undefined) q = q.where('customer_number', '=', f.customer_number);
  if (f.date_from !== undefined) q = q.where('date', '>=', f.date_from);
  if (f.date_to !== undefined) q = q.where('date', '<=', f.date_to);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  return q;
}

export const findInvoice = (db: TenantDb, invoiceNumber: string) =>
  db.selectFrom('invoices').selectAll().where('invoice_number', '=', invoiceNumber).executeTakeFirst();
export const findInvoiceById = (db: TenantDb, id: number) =>
  db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();

/** The stored columns of a write: the natural-order key follows the invoice number. */
const withSortKey = (values: Record<string, unknown>) =>
  typeof values.invoice_number === 'string'
    ? { ...values, number_sort: invoiceNumberSortKey(values.invoice_number) }
    : values;

/** The invoice's number and status, read FOR SHARE on PostgreSQL (held until the transaction ends). */
export function shareInvoiceStatus(db: TenantDb, id: number, dialect?: Dialect) {
  let q = db.selectFrom('invoices').select(['invoice_number', 'status']).where('id', '=', id);
  if (dialect === 'postgres') q = q.forShare();
  return q.executeTakeFirst();
}
export const insertInvoice = (db: TenantDb, values: Record<string, unknown>) =>
  insertRow(db, 'invoices', withSortKey(values));
export const updateInvoice = (db: TenantDb, id: number, values: Record<string, unknown>) =>
  updateRow(db, 'invoices', id, withSortKey(values));
export const deleteInvoice = (db: TenantDb, id: number) => db.deleteFrom('invoices').where('id', '=', id).execute();

/**
 * Insert an invoice under the next free number of the tenant's sequence. The counter row is incremented in place
 * (UPDATE … RETURNING holds its row lock until the caller's transaction ends), so concurrent creates never draw the
 * same number; numbers clients chose themselves are skipped — also one a concurrent request is inserting at this
 * moment: the insert does nothing on any unique conflict (PostgreSQL waits for the other transaction first), and the
 * next number is drawn. A client that sent no number never gets "already taken".
 */
export async function insertNumberedInvoice(db: TenantDb, values: Record<string, unknown>): Promise<InvoiceRow> {
  await db
    .insertInto('invoice_number_counters', { last_number: 0 })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
  for (;;) {
    const counter = await db
      .updateTable('invoice_number_counters')
      .set({ last_number: sql`last_number + 1` })
      .returning('last_number')
      .executeTakeFirstOrThrow();
    const invoice_number = String(counter.last_number);
    if (await findInvoice(db, invoice_number)) continue;
    const now = nowTimestamp();
    const row = await untyped(db)
      .insertInto('invoices', withSortKey({ ...values, invoice_number, created: now, modified: now }))
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) return row as InvoiceRow;
  }
}

const day = (v: string | null) => (v === null ? null : String(v).slice(0, 10));

/** The read shape; creator_username only while a document is stored (the corrector once corrected). */
const mapInvoice = rowMapper<typeof Invoice, MapContext & { hasDocument: boolean }>(Invoice, {
  convert: {
    date: day,
    amount: (_, r: InvoiceRow) => decimalUnits(Number(r.amount_cents), 2),
    correction_date: day,
    payment_terms_date: day,
    creator_username: (_, r: InvoiceRow, ctx) =>
      ctx.hasDocument ? (r.corrector_username ?? r.creator_username) : null,
  },
  labels: { billing_kind: 'invoice_billing_kind', status: 'invoice_status' },
});
export const toInvoice = (r: InvoiceRow, hasDocument: boolean, language: string): InvoiceT =>
  mapInvoice(r, { hasDocument, language });

/** Detach the invoice's items (they stay with their projects). */
export async function detachItems(db: TenantDb, invoiceId: number): Promise<void> {
  await db.updateTable('invoice_items').set({ invoice_id: null }).where('invoice_id', '=', invoiceId).execute();
}
