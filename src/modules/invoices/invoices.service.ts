// Invoice rules: the customer and employees exist in the tenant; a new invoice without a number draws the next of
// the tenant sequence; the amount is derived from the items (a body may only repeat it); billing bills the items and
// their receipts (billing.service.ts); a Billed invoice is final (no change, no delete: 422 naming it) except for a
// correction, which any invoice may get: it sets correction_date and the correcting employee (then shown as
// creator_username) and makes a Billed invoice a Draft again, undoing what the billing changed.
// Every write reads the invoice row locked before it changes anything (lockInvoices).
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Scope } from '../../tenancy/scope.js';
import type { Dialect } from '../../db/dialect.js';
import { existsInTenant } from '../../db/lookup.js';
import { ErrorBag, fieldError, notFound } from '../../values/errors.js';
import { parseFilterTimestamp, today } from '../../values/formats.js';
import { decimalToUnits, decimalUnits } from '../../values/money.js';
import { dateValues, enumId, pick } from '../crud/index.js';
import { BILLED, DRAFT } from './invoice-enums.js';
import { deleteAttachments, ownersWithFiles } from '../attachments/index.js';
import { INVOICE_DATES, type InvoiceT, type InvoiceUpdateT } from './invoices.schemas.js';
import {
  deleteInvoice,
  detachItems,
  findInvoice,
  insertInvoice,
  insertNumberedInvoice,
  listInvoices,
  toInvoice,
  updateInvoice,
  type InvoiceFilters,
  type InvoiceRow,
} from './invoices.repository.js';
import { billInvoiceItems, lockInvoices, refreshAmounts, unbillInvoiceItems } from './billing.service.js';

/** What an invoice write needs: the tenant's database view and the dialect (for the row lock). */
export type InvoiceScope = { db: TenantDb; dialect: Dialect };

const PLAIN = [
  'invoice_number',
  'date',
  'currency',
  'payment_terms_date',
  'payment_terms',
  'address',
  'email_recipient',
  'customer_number',
  'title',
  'type',
  'note',
  'creator_username',
] as const;

export async function requireInvoice(db: TenantDb, invoiceNumber: string): Promise<InvoiceRow> {
  const row = await findInvoice(db, invoiceNumber);
  if (!row) throw notFound('Invoice');
  return row;
}

/** 422 while the invoice is Billed: it and what it bills stay as issued. */
export function refuseWhileBilled(
  invoice: Pick<InvoiceRow, 'status' | 'invoice_number'>,
  field = 'invoice_number',
): void {
  if (Number(invoice.status) === BILLED)
    throw fieldError(
      field,
      `The invoice ${invoice.invoice_number} is billed and cannot be changed; correct it with POST /invoices/${invoice.invoice_number}/correction.`,
    );
}

/** The invoice row, locked for the write (billing.service.ts lockInvoices); 404 once it is gone. */
async function lockedInvoice(s: InvoiceScope, id: number): Promise<InvoiceRow> {
  const row = (await lockInvoices(s.db, s.dialect, [id])).get(id);
  if (!row) throw notFound('Invoice');
  return row;
}

/** `amount` is derived from the items: a body may send it only as it reads (a round trip), else 422. */
function checkAmount(body: InvoiceUpdateT, derivedCents: number, errors: ErrorBag): void {
  if (body.amount === undefined) return;
  const cents = body.amount === null ? 0 : decimalToUnits(body.amount, 2);
  if (cents === undefined) errors.add('amount', 'The amount field must have at most two decimal places.');
  else if (cents !== derivedCents) {
    errors.add(
      'amount',
      `The amount is the sum of the invoice's items (${decimalUnits(derivedCents, 2)}); change the items to change it.`,
    );
  }
}

async function invoiceColumns(
  db: TenantDb,
  body: InvoiceUpdateT,
  derivedCents: number,
): Promise<Record<string, unknown>> {
  dateValues(body, INVOICE_DATES);
  const errors = new ErrorBag();
  const columns: Record<string, unknown> = pick(body, PLAIN);
  if (
    body.customer_number !== undefined &&
    !(await existsInTenant(db, 'customers', 'customer_number', body.customer_number))
  )
    errors.add('customer_number', 'The selected customer number is invalid.');
  if (body.creator_username != null && !(await existsInTenant(db, 'employees', 'username', body.creator_username)))
    errors.add('creator_username', 'The selected creator username is invalid.');
  checkAmount(body, derivedCents, errors);
  if (body.email_sent_at != null) {
    const at = parseFilterTimestamp(body.email_sent_at);
    if (at === null)
      errors.add('email_sent_at', 'The email sent at field must be a valid date (ISO 8601 or Y-m-d H:i:s).');
    columns.email_sent_at = at;
  } else if (body.email_sent_at === null) columns.email_sent_at = null;
  if (body.status !== undefined) columns.status = enumId(body.status);
  if (body.billing_kind !== undefined) columns.billing_kind = enumId(body.billing_kind);
  errors.throwIfAny();
  return columns;
}

export async function createInvoice(s: InvoiceScope, body: InvoiceUpdateT): Promise<InvoiceRow> {
  const columns = await invoiceColumns(s.db, body, 0);
  return s.db.transaction(async (trx) => {
    const values = { status: DRAFT, date: today(), currency: 'EUR', billing_kind: 0, ...columns, amount_cents: 0 };
    return body.invoice_number === undefined
      ? insertNumberedInvoice(trx, values)
      : insertInvoice(trx, { ...values, invoice_number: body.invoice_number });
  });
}

/** PATCH/PUT: only while not Billed; a change to status 0 bills the invoice's items and their receipts with it. */
export async function changeInvoice(s: InvoiceScope, stored: InvoiceRow, body: InvoiceUpdateT): Promise<InvoiceRow> {
  return s.db.transaction(async (trx) => {
    const row = await lockedInvoice({ db: trx, dialect: s.dialect }, Number(stored.id));
    refuseWhileBilled(row);
    const updated = await updateInvoice(trx, Number(row.id), await invoiceColumns(trx, body, Number(row.amount_cents)));
    if (Number(updated.status) !== BILLED) return updated;
    await billInvoiceItems(trx, updated);
    await refreshAmounts(trx, [Number(updated.id)]);
    return (await findInvoice(trx, updated.invoice_number))!;
  });
}

/** Deleted only while not billed, with its documents; its items stay with their projects, detached from it. */
export async function removeInvoice(s: InvoiceScope, stored: InvoiceRow): Promise<void> {
  await s.db.transaction(async (trx) => {
    const row = await lockedInvoice({ db: trx, dialect: s.dialect }, Number(stored.id));
    refuseWhileBilled(row, 'status');
    await detachItems(trx, Number(row.id));
    await deleteAttachments(trx, { type: 'invoice', id: Number(row.id) });
    await deleteInvoice(trx, Number(row.id));
  });
}

/**
 * POST /invoices/{n}/correction: the correction date and the correcting employee; a Billed invoice becomes a Draft
 * again and what its billing changed on items and receipts is restored (docs/api/commercial.md "Billing and correction").
 */
export async function correctInvoice(
  s: InvoiceScope,
  stored: InvoiceRow,
  body: { creator_username: string; correction_date?: string },
): Promise<InvoiceRow> {
  dateValues(body, ['correction_date']);
  const errors = new ErrorBag();
  if (!(await existsInTenant(s.db, 'employees', 'username', body.creator_username)))
    errors.add('creator_username', 'The selected creator username is invalid.');
  errors.throwIfAny();
  return s.db.transaction(async (trx) => {
    const row = await lockedInvoice({ db: trx, dialect: s.dialect }, Number(stored.id));
    const reopen = Number(row.status) === BILLED;
    if (reopen) {
      await unbillInvoiceItems(trx, Number(row.id));
      await refreshAmounts(trx, [Number(row.id)]);
    }
    return updateInvoice(trx, Number(row.id), {
      correction_date: body.correction_date ?? today(),
      corrector_username: body.creator_username,
      ...(reopen ? { status: DRAFT } : {}),
    });
  });
}

/** Invoices as their routes show them: each with whether it has a document attached. */
export async function presentInvoices(db: TenantDb, rows: InvoiceRow[]): Promise<InvoiceT[]> {
  const documents = await ownersWithFiles(
    db,
    'invoice',
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => toInvoice(r, documents.has(Number(r.id)), db.language));
}

/** The invoices as the CRUD kit (modules/crud) lists, reads and writes them; the invoice number is the key. */
export const invoices = {
  list: ({ db }: Scope, query: InvoiceFilters) => listInvoices(db, query),
  find: ({ db }: Scope, number: string) => findInvoice(db, String(number)),
  show: async ({ db }: Scope, row: InvoiceRow) => (await presentInvoices(db, [row]))[0],
  showMany: ({ db }: Scope, rows: InvoiceRow[]) => presentInvoices(db, rows),
  insert: (s: Scope, body: InvoiceUpdateT) => createInvoice(s, body),
  update: (s: Scope, row: InvoiceRow, changes: InvoiceUpdateT) => changeInvoice(s, row, changes),
  remove: (s: Scope, row: InvoiceRow) => removeInvoice(s, row),
};
