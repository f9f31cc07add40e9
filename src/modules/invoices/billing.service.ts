// Billing an invoice and correcting it, and the invoice's amount (docs/api/commercial.md "Billing and correction"):
// - billing (status 0) sets every item of the invoice that is not Canceled to Billed with its net as billed_amount
//   (and billed_date the invoice date when none is set), and every receipt linked to those items to Billed (3), in
//   the billing's transaction; what it changed is kept in billing_undo;
// - a correction of a Billed invoice restores exactly that and makes the invoice a Draft again;
// - the invoice amount is the sum of the gross amounts of its items that are not Canceled, kept in the invoice row
//   by every write that changes its items.
// Concurrency: every write that depends on an invoice's status reads the invoice row locked (lockInvoices: FOR UPDATE
// on PostgreSQL, before it changes anything), and billing changes that row first, so an item, booking or receipt
// write either commits before the billing or sees the invoice Billed. SQLite serialises write transactions.
import type { Dialect } from '../../db/dialect.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import { nowTimestamp } from '../../values/formats.js';
import { itemAmounts } from './invoice-items.repository.js';
import type { InvoiceRow } from './invoices.repository.js';
import {
  amountsOfLiveItems,
  billedItemsOfInvoice,
  itemIdsOfInvoice,
  liveItemsOfInvoice,
  lockInvoiceRow,
  otherReceiptStatuses,
  receiptUndos,
  restoreReceiptStatus,
  setInvoiceAmount,
  setItemBilling,
  setReceiptStatus,
} from './billing.repository.js';
import { ITEM_BILLED } from './invoice-enums.js';

/** Receipt billing status Billed (docs/api/receipts.md). */
const RECEIPT_BILLED = 3;

/**
 * The invoices' rows, read for a write that depends on them: on PostgreSQL locked FOR UPDATE (one at a time, in id
 * order, so two writes never wait for each other crosswise) until the write transaction ends. Unknown ids are left out.
 */
export async function lockInvoices(
  db: TenantDb,
  dialect: Dialect,
  ids: readonly (number | null | undefined)[],
): Promise<Map<number, InvoiceRow>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null && id !== undefined).map(Number))].sort(
    (a, b) => a - b,
  );
  const rows = new Map<number, InvoiceRow>();
  for (const id of wanted) {
    const row = await lockInvoiceRow(db, dialect, id);
    if (row) rows.set(id, row);
  }
  return rows;
}

/** Store the invoice's amount: the gross sum of its items that are not Canceled (modified only when it changes). */
export async function refreshAmounts(db: TenantDb, invoiceIds: readonly (number | null | undefined)[]): Promise<void> {
  for (const id of new Set(invoiceIds.filter((i): i is number => i !== null && i !== undefined).map(Number))) {
    const items = await amountsOfLiveItems(db, id);
    const cents = Number(items.reduce((sum, i) => sum + itemAmounts(i).gross, 0n));
    await setInvoiceAmount(db, id, cents);
  }
}

interface ItemUndo {
  status: number;
  billed_amount_cents: number | null;
  billed_date: string | null;
}

/** Bill the items of the invoice and the receipts they bill (the invoice row is locked and being set to Billed). */
export async function billInvoiceItems(db: TenantDb, invoice: Pick<InvoiceRow, 'id' | 'date'>): Promise<void> {
  const now = nowTimestamp();
  const items = await liveItemsOfInvoice(db, Number(invoice.id));
  for (const item of items) {
    const undo: ItemUndo = {
      status: Number(item.status),
      billed_amount_cents: item.billed_amount_cents === null ? null : Number(item.billed_amount_cents),
      billed_date: item.billed_date,
    };
    await setItemBilling(db, Number(item.id), {
      status: ITEM_BILLED,
      billed_amount_cents: Number(itemAmounts(item).net),
      billed_date: item.billed_date ?? `${String(invoice.date).slice(0, 10)} 00:00:00`,
      billing_undo: JSON.stringify(undo),
      modified: now,
    });
  }
  if (items.length === 0) return;
  const ids = items.map((i) => Number(i.id));
  const receipts = await otherReceiptStatuses(db, ids, RECEIPT_BILLED);
  // One statement per status the receipts had before, so the correction can put each back.
  for (const { billing_status: before } of receipts) {
    await setReceiptStatus(db, ids, before === null ? null : Number(before), {
      billing_status: RECEIPT_BILLED,
      billing_undo: JSON.stringify({ billing_status: before === null ? null : Number(before) }),
      modified: now,
    });
  }
}

/** Undo what billing the invoice changed on its items and their receipts (a correction of a Billed invoice). */
export async function unbillInvoiceItems(db: TenantDb, invoiceId: number): Promise<void> {
  const now = nowTimestamp();
  const items = await billedItemsOfInvoice(db, invoiceId);
  for (const item of items) {
    const undo = JSON.parse(item.billing_undo!) as ItemUndo;
    await setItemBilling(db, Number(item.id), {
      status: undo.status,
      billed_amount_cents: undo.billed_amount_cents,
      billed_date: undo.billed_date,
      billing_undo: null,
      modified: now,
    });
  }
  const ids = await itemIdsOfInvoice(db, invoiceId);
  if (ids.length === 0) return;
  const receipts = await receiptUndos(db, ids);
  for (const { billing_undo } of receipts) {
    const undo = JSON.parse(billing_undo!) as { billing_status: number | null };
    await restoreReceiptStatus(db, ids, billing_undo!, undo.billing_status, now);
  }
}
