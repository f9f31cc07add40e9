// SQL of billing an invoice and correcting it, and of the invoice's stored amount; the rules are in billing.service.ts.
import type { Dialect } from '../../db/dialect.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import { nowTimestamp } from '../../values/formats.js';
import type { InvoiceRow } from './invoices.repository.js';
import { ITEM_CANCELED } from './invoice-enums.js';

/** The invoice's row, on PostgreSQL locked FOR UPDATE until the transaction ends; undefined when unknown. */
export function lockInvoiceRow(db: TenantDb, dialect: Dialect, id: number): Promise<InvoiceRow | undefined> {
  let q = db.selectFrom('invoices').selectAll().where('id', '=', id);
  if (dialect === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The amount columns of the invoice's items that are not Canceled. */
export const amountsOfLiveItems = (db: TenantDb, invoiceId: number) =>
  db
    .selectFrom('invoice_items')
    .select(['billed_amount_cents', 'quantity_e5', 'unit_price_e4', 'vat_e4'])
    .where('invoice_id', '=', invoiceId)
    .where('status', '<>', ITEM_CANCELED)
    .execute();

/** Store the invoice's amount when it differs (modified changes only then). */
export const setInvoiceAmount = (db: TenantDb, invoiceId: number, cents: number) =>
  db
    .updateTable('invoices')
    .set({ amount_cents: cents, modified: nowTimestamp() })
    .where('id', '=', invoiceId)
    .where('amount_cents', '<>', cents)
    .execute();

/** The invoice's items that are not Canceled, in id order. */
export const liveItemsOfInvoice = (db: TenantDb, invoiceId: number) =>
  db
    .selectFrom('invoice_items')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
    .where('status', '<>', ITEM_CANCELED)
    .orderBy('id')
    .execute();

/** The billing columns of one invoice item (billing sets them; a correction restores them). */
export interface ItemBilling {
  status: number;
  billed_amount_cents: number | null;
  billed_date: string | null;
  billing_undo: string | null;
  modified: string;
}

export const setItemBilling = (db: TenantDb, itemId: number, values: ItemBilling) =>
  db.updateTable('invoice_items').set(values).where('id', '=', itemId).execute();

/** The distinct billing statuses, other than `status`, of the receipts linked to the items. */
export const otherReceiptStatuses = (db: TenantDb, itemIds: readonly number[], status: number) =>
  db
    .selectFrom('receipts')
    .select('billing_status')
    .distinct()
    .where('invoice_item_id', 'in', itemIds)
    .where((eb) => eb.or([eb('billing_status', 'is', null), eb('billing_status', '<>', status)]))
    .execute();

/** Set the billing columns of the receipts linked to the items whose billing status is `before`. */
export const setReceiptStatus = (
  db: TenantDb,
  itemIds: readonly number[],
  before: number | null,
  values: { billing_status: number; billing_undo: string; modified: string },
) =>
  db
    .updateTable('receipts')
    .set(values)
    .where('invoice_item_id', 'in', itemIds)
    .where((eb) => (before === null ? eb('billing_status', 'is', null) : eb('billing_status', '=', before)))
    .execute();

/** The invoice's items that billing changed, with what it kept to undo that. */
export const billedItemsOfInvoice = (db: TenantDb, invoiceId: number) =>
  db
    .selectFrom('invoice_items')
    .select(['id', 'billing_undo'])
    .where('invoice_id', '=', invoiceId)
    .where('billing_undo', 'is not', null)
    .execute();

/** The ids of all the invoice's items. */
export const itemIdsOfInvoice = async (db: TenantDb, invoiceId: number) =>
  (await db.selectFrom('invoice_items').select('id').where('invoice_id', '=', invoiceId).execute()).map((i) =>
    Number(i.id),
  );

/** The distinct undo records of the receipts linked to the items that billing changed. */
export const receiptUndos = (db: TenantDb, itemIds: readonly number[]) =>
  db
    .selectFrom('receipts')
    .select('billing_undo')
    .distinct()
    .where('invoice_item_id', 'in', itemIds)
    .where('billing_undo', 'is not', null)
    .execute();

/** Restore the billing status of the receipts linked to the items whose undo record is `undo`. */
export const restoreReceiptStatus = (
  db: TenantDb,
  itemIds: readonly number[],
  undo: string,
  billingStatus: number | null,
  now: string,
) =>
  db
    .updateTable('receipts')
    .set({ billing_status: billingStatus, billing_undo: null, modified: now })
    .where('invoice_item_id', 'in', itemIds)
    .where('billing_undo', '=', undo)
    .execute();
