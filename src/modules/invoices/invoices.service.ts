// Invoice rules: the customer and employees exist in the tenant; a new invoice without a number draws the next of
// the tenant sequence; a Billed invoice is final (no change, no delete: 422 naming it) except for a correction,
// which any invoice may get and which sets correction_date and the correcting employee (then shown as creator_username).
import type { TenantDb } from '../../db/tenant-scope.js';
import { existsInTenant } from '../../db/lookup.js';
import { ErrorBag, fieldError, notFound } from '../../http/errors.js';
import { parseFilterTimestamp, today } from '../../http/formats.js';
import { toUnits } from '../../http/money.js';
import { dateValues, enumId, pick } from '../crud/index.js';
import { BILLED, DRAFT } from './invoice-enums.js';
import { INVOICE_DATES, type InvoiceUpdateT } from './invoices.schemas.js';
import { deleteInvoice, findInvoice, insertInvoice, nextInvoiceNumber, updateInvoice, type InvoiceRow } from './invoices.repository.js';

const PLAIN = ['invoice_number', 'date', 'currency', 'payment_terms_date', 'payment_terms', 'address', 'email_recipient', 'customer_number', 'title', 'type', 'note', 'creator_username'] as const;

export async function requireInvoice(db: TenantDb, invoiceNumber: string): Promise<InvoiceRow> {
  const row = await findInvoice(db, invoiceNumber);
  if (!row) throw notFound('Invoice');
  return row;
}

/** 422 while the invoice is Billed: it and what it bills stay as issued. */
export function refuseWhileBilled(invoice: Pick<InvoiceRow, 'status' | 'invoice_number'>, field = 'invoice_number'): void {
  if (Number(invoice.status) === BILLED) throw fieldError(field, `The invoice ${invoice.invoice_number} is billed and cannot be changed; correct it with POST /invoices/${invoice.invoice_number}/correction.`);
}

async function invoiceColumns(db: TenantDb, body: InvoiceUpdateT): Promise<Record<string, unknown>> {
  dateValues(body, INVOICE_DATES);
  const errors = new ErrorBag();
  const columns: Record<string, unknown> = pick(body, PLAIN);
  if (body.customer_number !== undefined && !(await existsInTenant(db, 'customers', 'customer_number', body.customer_number))) errors.add('customer_number', 'The selected customer number is invalid.');
  if (body.creator_username != null && !(await existsInTenant(db, 'employees', 'username', body.creator_username))) errors.add('creator_username', 'The selected creator username is invalid.');
  if (body.amount !== undefined) {
    const cents = body.amount === null ? 0 : toUnits(Number(body.amount), 2);
    if (cents === undefined) errors.add('amount', 'The amount field must have at most two decimal places.');
    columns.amount_cents = cents;
  }
  if (body.email_sent_at != null) {
    const at = parseFilterTimestamp(body.email_sent_at);
    if (at === null) errors.add('email_sent_at', 'The email sent at field must be a valid date (ISO 8601 or Y-m-d H:i:s).');
    columns.email_sent_at = at;
  } else if (body.email_sent_at === null) columns.email_sent_at = null;
  if (body.status !== undefined) columns.status = enumId(body.status);
  if (body.billing_kind !== undefined) columns.billing_kind = enumId(body.billing_kind);
  errors.throwIfAny();
  return columns;
}

export async function createInvoice(db: TenantDb, body: InvoiceUpdateT): Promise<InvoiceRow> {
  const columns = await invoiceColumns(db, body);
  return db.transaction(async (trx) => {
    const invoice_number = body.invoice_number ?? (await nextInvoiceNumber(trx));
    return insertInvoice(trx, { status: DRAFT, date: today(), currency: 'EUR', billing_kind: 0, ...columns, invoice_number });
  });
}

export async function changeInvoice(db: TenantDb, row: InvoiceRow, body: InvoiceUpdateT): Promise<InvoiceRow> {
  refuseWhileBilled(row);
  return updateInvoice(db, Number(row.id), await invoiceColumns(db, body));
}

/** Deleted only while not billed; its items stay with their projects, detached from it. */
export async function removeInvoice(db: TenantDb, row: InvoiceRow): Promise<void> {
  refuseWhileBilled(row, 'status');
  await db.transaction(async (trx) => {
    await trx.updateTable('invoice_items').set({ invoice_id: null }).where('invoice_id', '=', Number(row.id)).execute();
    await deleteInvoice(trx, Number(row.id));
  });
}

/** POST /invoices/{n}/correction: the invoice (typically a Billed one, which PATCH refuses) gets its correction date and correcting employee. */
export async function correctInvoice(db: TenantDb, row: InvoiceRow, body: { creator_username: string; correction_date?: string }): Promise<InvoiceRow> {
  dateValues(body, ['correction_date']);
  const errors = new ErrorBag();
  if (!(await existsInTenant(db, 'employees', 'username', body.creator_username))) errors.add('creator_username', 'The selected creator username is invalid.');
  errors.throwIfAny();
  return updateInvoice(db, Number(row.id), { correction_date: body.correction_date ?? today(), corrector_username: body.creator_username });
}
