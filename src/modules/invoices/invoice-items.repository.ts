// SQL for invoice items: one list query for the three item routes (by invoice, project or all), with the item's
// invoice number joined in, and the read shape with its computed amounts (integer cents, values/money.ts).
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { ListSpec } from '../../db/list-spec.js';
import { outDate, outTimestamp, toBool } from '../../values/formats.js';
import { decimalUnits, fromUnits, divRound } from '../../values/money.js';
import { insertRow, updateRow } from '../crud/index.js';
import type { InvoiceItemsTable } from './invoices.tables.js';
import type { InvoiceItemT } from './invoice-items.schemas.js';
import { labelled } from '../../values/labels.js';
import { authorsOf } from '../../db/row-mapping.js';

export type InvoiceItemRow = Selectable<InvoiceItemsTable> & { invoice_number: string | null };

const nullable = (column: string) => ({ column: `i.${column}`, nullable: true });
export const invoiceItemListSpec: ListSpec = {
  key: ['i.id'],
  sortTable: 'i',
  // Dates and amounts are stored under other names (amounts as fixed-point integers, which order alike); the
  // invoice's number comes from the joined invoice.
  sortColumns: {
    invoice_number: { column: 'v.invoice_number', nullable: true },
    from: nullable('from_date'),
    to: nullable('to_date'),
    quantity: 'i.quantity_e5',
    unit_price: 'i.unit_price_e4',
    planned_amount: nullable('planned_amount_cents'),
    billed_amount: nullable('billed_amount_cents'),
    vat: nullable('vat_e4'),
  },
  sortable: {
    id: 'i.id',
    invoice_id: nullable('invoice_id'),
    project_id: nullable('project_id'),
    status: 'i.status',
    planned_date: nullable('planned_date'),
    billed_date: nullable('billed_date'),
    sorting: nullable('sorting'),
    created: nullable('created'),
    modified: nullable('modified'),
  },
  modified: 'i.modified',
};

export interface InvoiceItemFilters {
  invoice_id?: number;
  project_id?: number;
  statuses?: number[];
  planned_from?: string;
  planned_to?: string;
}

export function listInvoiceItems(db: TenantDb, f: InvoiceItemFilters) {
  let q = db
    .selectFrom('invoice_items as i')
    .leftJoin('invoices as v', (j) => j.onRef('v.tenant_id', '=', 'i.tenant_id').onRef('v.id', '=', 'i.invoice_id'))
    .selectAll('i')
    .select('v.invoice_number');
  if (f.invoice_id !== undefined) q = q.where('i.invoice_id', '=', f.invoice_id);
  if (f.project_id !== undefined) q = q.where('i.project_id', '=', f.project_id);
  if (f.statuses !== undefined) q = q.where('i.status', 'in', f.statuses.length ? f.statuses : [-1]);
  if (f.planned_from !== undefined) q = q.where('i.planned_date', '>=', f.planned_from);
  if (f.planned_to !== undefined) q = q.where('i.planned_date', '<=', f.planned_to);
  return q;
}

export const findInvoiceItem = (db: TenantDb, id: number, f: InvoiceItemFilters = {}) =>
  listInvoiceItems(db, f).where('i.id', '=', id).executeTakeFirst() as Promise<InvoiceItemRow | undefined>;

export const insertInvoiceItem = (db: TenantDb, values: Record<string, unknown>) =>
  insertRow(db, 'invoice_items', values);
export const updateInvoiceItem = (db: TenantDb, id: number, values: Record<string, unknown>) =>
  updateRow(db, 'invoice_items', id, values);
/** The invoice id of an invoice item (null when it is on no invoice); undefined when the item is unknown. */
export const invoiceIdOfItem = (db: TenantDb, id: number) =>
  db.selectFrom('invoice_items').select('invoice_id').where('id', '=', id).executeTakeFirst();
export const deleteInvoiceItem = (db: TenantDb, id: number) =>
  db.deleteFrom('invoice_items').where('id', '=', id).execute();

const decimal = (v: number | null, scale: number) => (v === null ? null : decimalUnits(Number(v), scale));
const bool = (v: unknown) => (v === null ? null : toBool(v));

/**
 * An item's amounts in cents: net is billed_amount when set, otherwise quantity × unit_price rounded once; tax is
 * net × vat rounded once; gross = net + tax (docs/api/commercial.md "Invoice items").
 */
export function itemAmounts(
  r: Pick<InvoiceItemsTable, 'billed_amount_cents' | 'quantity_e5' | 'unit_price_e4' | 'vat_e4'>,
): { net: bigint; tax: bigint; gross: bigint } {
  const net =
    r.billed_amount_cents !== null
      ? BigInt(r.billed_amount_cents)
      : divRound(BigInt(r.quantity_e5) * BigInt(r.unit_price_e4), 10_000_000n);
  // VAT in 1/10^4 percent: cents × vat_e4 / 10^6.
  const tax = r.vat_e4 === null ? 0n : divRound(net * BigInt(r.vat_e4), 1_000_000n);
  return { net, tax, gross: net + tax };
}

export function toInvoiceItem(r: InvoiceItemRow, language: string): InvoiceItemT {
  const { net, tax } = itemAmounts(r);
  const cents = (v: bigint) => fromUnits(Number(v), 2);
  return {
    id: Number(r.id),
    invoice_id: r.invoice_id === null ? null : Number(r.invoice_id),
    invoice_number: r.invoice_number,
    project_id: r.project_id === null ? null : Number(r.project_id),
    project_task_id: r.project_task_id === null ? null : Number(r.project_task_id),
    ticket_id: r.ticket_id === null ? null : Number(r.ticket_id),
    article_id: r.article_id === null ? null : Number(r.article_id),
    customer_number: r.customer_number,
    description: r.description,
    from: r.from_date === null ? null : String(r.from_date).slice(0, 10),
    to: r.to_date === null ? null : String(r.to_date).slice(0, 10),
    repetition: r.repetition,
    quantity: decimalUnits(Number(r.quantity_e5), 5),
    unit_price: decimalUnits(Number(r.unit_price_e4), 4),
    unit: r.unit,
    currency: r.currency,
    language: r.language,
    status: labelled(language, 'invoice_item_status', Number(r.status))!,
    kind: labelled(language, 'invoice_item_kind', Number(r.kind))!,
    type: labelled(language, 'invoice_item_type', Number(r.type))!,
    invoice_text: r.invoice_text,
    sorting: r.sorting,
    contains_working_hours: bool(r.contains_working_hours),
    contains_receipts: bool(r.contains_receipts),
    contains_travel_expenses: bool(r.contains_travel_expenses),
    planned_amount: decimal(r.planned_amount_cents, 2),
    planned_date: outDate(r.planned_date),
    billed_amount: decimal(r.billed_amount_cents, 2),
    billed_date: outTimestamp(r.billed_date),
    vat: decimal(r.vat_e4, 4),
    total_price: cents(net),
    tax_rate: r.vat_e4 === null ? null : fromUnits(Number(r.vat_e4), 4),
    net_amount: cents(net),
    tax_amount: cents(tax),
    gross_amount: cents(net + tax),
    created: outTimestamp(r.created),
    modified: outTimestamp(r.modified),
    ...authorsOf(r),
  };
}
