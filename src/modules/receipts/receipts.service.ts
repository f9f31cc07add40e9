// The rules of receipts beyond CRUD (docs/api/receipts.md). Every write runs under the employee's lock
// (db/transaction.ts), re-reads what it changes and writes header and lines in one transaction:
// - references exist and fit together (task and ticket of the project, subtask of the ticket);
// - a line's tax is one of the receipt type's tax_rates; is_invoice_amount_net is required once a line has an
//   invoicing share; the payment method defaults to the type's;
// - a receipt may link to an invoice item of its project (invoice_item_id); once that invoice is Billed, the receipt
//   cannot be changed or deleted (422 naming the invoice), as bookings; a receipt that is Billed itself neither;
// - a receipt in a month closed for the tenant or its employee cannot be entered, changed or deleted (as bookings);
// - a client_id the employee already used returns the stored receipt instead of a second one.
import type { Scope } from '../../tenancy/scope.js';
import { enumId, merged } from '../crud/index.js';
import { lockedTransaction } from '../../db/transaction.js';
import { employeeLockKey } from '../employees/employees.locks.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import { existsInTenant } from '../../db/lookup.js';
import { ErrorBag, notFound, validationError, violationsError } from '../../values/errors.js';
import { CLOSED_MONTH, closedFor, closingOf } from '../../booking/rules/closed-month.js';
import { billedLinkViolations, checkInvoiceItemLink } from '../invoices/invoice-items.service.js';
import { closingsFor, holdMonths } from '../month-closings/month-closings.repository.js';
import { findReceiptType, taxRatesOf } from '../receipt-types/receipt-types.repository.js';
import {
  BILLED,
  DEFAULT_BILLING_STATUS,
  MONEY_MAX,
  QUANTITY_MAX,
  type ReceiptCreateT,
  type ReceiptListQueryT,
  type ReceiptLineIn,
  type ReceiptUpdateT,
} from './receipts.schemas.js';
import { currencyDecimals, decimalUnits, readDecimal, toUnits, type DecimalRule } from '../../values/money.js';
import {
  amountsOf,
  deleteReceipt,
  findReceipt,
  findReceiptByClientId,
  insertReceipt,
  listReceipts,
  projectOfTask,
  projectOfTicket,
  ticketOfSubtask,
  toReceipts,
  updateReceipt,
  type ReceiptLine,
  type ReceiptRow,
  type ReceiptValues,
} from './receipts.repository.js';

const locks = (s: Scope, ...employees: (string | undefined)[]) =>
  [...new Set(employees.filter((e): e is string => !!e))].map((e) => employeeLockKey(s.tenant.id, e));

/** Body -> stored values over the current ones (PATCH) or the defaults (POST); the type's payment method fills in. */
function valuesOf(
  body: ReceiptUpdateT & { client_id?: number | null },
  current: ReceiptValues | undefined,
): Omit<ReceiptValues, 'payment_method'> & { payment_method: string | undefined } {
  const pick = <K extends keyof ReceiptValues>(k: K, fallback: ReceiptValues[K]) =>
    merged((body as Record<string, unknown>)[k] as ReceiptValues[K] | undefined, current ? current[k] : fallback);
  const currency = pick('currency', '');
  const keptBillingStatus = current ? current.billing_status : DEFAULT_BILLING_STATUS;
  return {
    employee_id: pick('employee_id', ''),
    date: pick('date', ''),
    receipt_type_id: pick('receipt_type_id', ''),
    currency,
    invoice_amount_currency: merged(body.invoice_amount_currency, current?.invoice_amount_currency ?? currency),
    note: pick('note', null),
    payment_method: body.payment_method ?? current?.payment_method,
    breakfast_cents: current?.breakfast_cents ?? 0,
    lunch_or_dinner_cents: current?.lunch_or_dinner_cents ?? 0,
    location: pick('location', null),
    is_amount_net: pick('is_amount_net', false),
    is_invoice_amount_net: pick('is_invoice_amount_net', null),
    billing_status: body.billing_status === undefined ? keptBillingStatus : (enumId(body.billing_status) ?? null),
    performance_date: pick('performance_date', null),
    client_id: current ? current.client_id : (body.client_id ?? null),
    invoice_item_id: pick('invoice_item_id', null),
    project_id: pick('project_id', 0),
    project_task_id: pick('project_task_id', null),
    ticket_id: pick('ticket_id', null),
    subtask_id: pick('subtask_id', null),
  };
}

type Values = ReturnType<typeof valuesOf>;

/**
 * The body's amounts in stored units (docs/api/receipts.md "Money"): tax and quantity with at most 4 decimals, money
 * with no more decimals than its currency has (EUR 2, JPY 0; amounts and deductions in `currency`, the invoicing
 * share in `invoice_amount_currency`). More is 422 on the field, never rounded. Deductions go into `v`; the lines
 * come back when the body has them.
 */
function bodyAmounts(body: ReceiptUpdateT, v: Values, create: boolean, errors: ErrorBag): ReceiptLine[] | undefined {
  const fail = (field: string, message: string) => errors.add(field, message);
  const money = (currency: string, min = 0, exclusiveMin = false): DecimalRule => ({
    places: currencyDecimals(currency),
    scale: 2,
    min,
    max: MONEY_MAX,
    exclusiveMin,
    currency,
  });
  for (const field of ['breakfast', 'lunch_or_dinner'] as const) {
    const value = body[field];
    const cents = value === undefined ? undefined : readDecimal(value, money(v.currency), field, fail);
    if (cents !== undefined) v[`${field}_cents`] = cents;
  }
  return body.receiptAmounts?.map((l: ReceiptLineIn, i) => {
    const at = (f: string) => `receiptAmounts.${i}.${f}`;
    const share = (value: number | string | null | undefined, currency: string, f: string) =>
      value === null || value === undefined ? 0 : readDecimal(value, money(currency), at(f), fail);
    return {
      tax_e4: readDecimal(l.tax, { places: 4, scale: 4, min: 0, max: 100 }, at('tax'), fail) ?? 0,
      quantity_e4:
        readDecimal(l.quantity, { places: 4, scale: 4, min: 1, max: QUANTITY_MAX }, at('quantity'), fail) ?? 0,
      amount_cents: readDecimal(l.amount, money(v.currency, 0, create), at('amount'), fail) ?? 0,
      private_share_cents: share(l.private_share, v.currency, 'private_share') ?? 0,
      invoicing_share_cents: share(l.invoicing_share, v.invoice_amount_currency, 'invoicing_share') ?? 0,
    };
  });
}

/** References, tax rates, the invoicing-share rule and the payment method default; 422 on the fields. */
async function checked(
  db: TenantDb,
  v: Values,
  lines: readonly ReceiptLine[],
  errors: ErrorBag,
): Promise<ReceiptValues> {
  const [employee, type, project, task, ticket, subtask] = await Promise.all([
    existsInTenant(db, 'employees', 'username', v.employee_id),
    findReceiptType(db, v.receipt_type_id),
    existsInTenant(db, 'projects', 'id', v.project_id),
    v.project_task_id === null ? undefined : projectOfTask(db, v.project_task_id),
    v.ticket_id === null ? undefined : projectOfTicket(db, v.ticket_id),
    v.subtask_id === null ? undefined : ticketOfSubtask(db, v.subtask_id),
  ]);
  if (!employee) errors.add('employee_id', 'The selected employee id is invalid.');
  if (!type) errors.add('receipt_type_id', 'The selected receipt type id is invalid.');
  if (!project) errors.add('project_id', 'The selected project id is invalid.');
  if (v.project_task_id !== null) {
    if (!task) errors.add('project_task_id', 'The selected project task id is invalid.');
    else if (Number(task.project_id) !== v.project_id)
      errors.add('project_task_id', 'The task does not belong to the project.');
  }
  if (v.ticket_id !== null) {
    if (!ticket) errors.add('ticket_id', 'The selected ticket id is invalid.');
    else if (Number(ticket.project_id) !== v.project_id)
      errors.add('ticket_id', 'The ticket does not belong to the project.');
  }
  if (v.subtask_id !== null) {
    if (!subtask) errors.add('subtask_id', 'The selected subtask id is invalid.');
    else if (v.ticket_id === null || Number(subtask.ticket_id) !== v.ticket_id)
      errors.add('subtask_id', 'The subtask does not belong to the ticket.');
  }
  if (type) {
    const rates = taxRatesOf(type);
    lines.forEach((l, i) => {
      const tax = Number(decimalUnits(l.tax_e4, 4));
      if (rates.length && !errors.errors[`receiptAmounts.${i}.tax`] && !rates.some((r) => toUnits(r, 4) === l.tax_e4)) {
        errors.add(
          `receiptAmounts.${i}.tax`,
          `The tax rate ${tax} is not allowed for the receipt type ${type.name} (allowed: ${rates.join(', ')}).`,
        );
      }
    });
  }
  if (v.is_invoice_amount_net === null && lines.some((l) => l.invoicing_share_cents > 0)) {
    errors.add(
      'is_invoice_amount_net',
      'The is invoice amount net field is required when a line has an invoicing share.',
    );
  }
  const payment = v.payment_method ?? type?.default_payment_method ?? undefined;
  if (!payment && type)
    errors.add(
      'payment_method',
      'The payment method field is required (the receipt type has no default payment method).',
    );
  errors.throwIfAny();
  return { ...v, payment_method: payment! };
}

/** 422 when the receipt may not change any more: its invoice item's invoice is Billed, or it is billed itself. */
async function assertChangeable(s: Scope, trx: TenantDb, r: ReceiptRow): Promise<void> {
  const billed = await billedLinkViolations(trx, s.dialect, r.invoice_item_id, 'receipt');
  if (billed.length) throw violationsError(billed);
  if (r.billing_status !== null && Number(r.billing_status) === BILLED)
    throw validationError({ billing_status: ['The receipt is billed; it cannot be changed or deleted.'] });
}

/** A newly named invoice item (POST, or a PATCH that changes it): it exists, bills the project, is not billed. */
async function checkLink(s: Scope, trx: TenantDb, v: ReceiptValues, current: ReceiptRow | undefined): Promise<void> {
  if (
    current &&
    current.invoice_item_id !== null &&
    Number(current.invoice_item_id) === v.invoice_item_id &&
    Number(current.project_id) === v.project_id
  )
    return;
  const errors = new ErrorBag();
  await checkInvoiceItemLink(
    trx,
    s.dialect,
    v.invoice_item_id === null ? null : Number(v.invoice_item_id),
    Number(v.project_id),
    'receipts',
    errors,
  );
  errors.throwIfAny();
}

/** The month-closing rule of bookings: no receipt entered, changed or deleted in a closed month. */
async function assertOpenMonths(
  s: Scope,
  db: TenantDb,
  receipts: readonly Pick<ReceiptValues, 'employee_id' | 'date'>[],
  storedToo: boolean,
): Promise<void> {
  await holdMonths(
    db,
    s.dialect,
    receipts.map((r) => r.date),
  );
  for (const [i, r] of receipts.entries()) {
    const month = r.date.slice(0, 7);
    const hit = closingOf(await closingsFor(db, r.employee_id, [month]), r.employee_id, month);
    if (hit) {
      const what = storedToo && i > 0 ? 'The receipt as stored lies in a closed month: ' : '';
      throw violationsError([
        {
          field: 'date',
          rule: CLOSED_MONTH,
          message: `${what}The month ${month} is closed ${closedFor(hit)}; no receipts can be entered, changed or deleted in it.`,
        },
      ]);
    }
  }
}

/** POST: the new receipt (created) or, for a client_id the employee already used, the stored one. */
export async function createReceipt(s: Scope, body: ReceiptCreateT): Promise<{ row: ReceiptRow; created: boolean }> {
  const clientId = body.client_id ?? null;
  const stored = () => (clientId === null ? undefined : findReceiptByClientId(s.db, body.employee_id, clientId));
  const before = await stored();
  if (before) return { row: before, created: false };
  const row = await lockedTransaction(s.db, s.dialect, locks(s, body.employee_id), async (trx) => {
    const errors = new ErrorBag();
    const base = valuesOf(body, undefined);
    const lines = bodyAmounts(body, base, true, errors)!;
    const values = await checked(trx, base, lines, errors);
    await checkLink(s, trx, values, undefined);
    await assertOpenMonths(s, trx, [values], false);
    return insertReceipt(trx, values, lines);
  });
  if (row) return { row, created: true };
  return { row: (await stored())!, created: false };
}

/** PATCH/PUT: only submitted fields change; receiptAmounts, when sent, replace the lines as a whole. */
export async function changeReceipt(s: Scope, stored: ReceiptRow, body: ReceiptUpdateT): Promise<ReceiptRow> {
  return lockedTransaction(s.db, s.dialect, locks(s, stored.employee_id, body.employee_id), async (trx) => {
    const current = await findReceipt(trx, Number(stored.id));
    if (!current) throw notFound('Receipt');
    await assertChangeable(s, trx, current);
    const errors = new ErrorBag();
    const base = valuesOf(body, current);
    const sent = bodyAmounts(body, base, false, errors);
    const values = await checked(trx, base, sent ?? (await amountsOf(trx, Number(current.id))), errors);
    await checkLink(s, trx, values, current);
    await assertOpenMonths(s, trx, [values, current], true);
    return updateReceipt(trx, Number(current.id), values, sent);
  });
}

/**
 * A change of the stored receipt that keeps its fields (delete, its file): under the employee's lock, refused
 * while billed, invoiced or in a closed month.
 */
export async function whileChangeable<T>(
  s: Scope,
  id: number,
  fn: (trx: TenantDb, current: ReceiptRow) => Promise<T>,
): Promise<T> {
  const stored = await requireReceipt(s.db, id);
  return lockedTransaction(s.db, s.dialect, locks(s, stored.employee_id), async (trx) => {
    const current = await findReceipt(trx, id);
    if (!current) throw notFound('Receipt');
    await assertChangeable(s, trx, current);
    await assertOpenMonths(s, trx, [current], false);
    return fn(trx, current);
  });
}

/** DELETE: the receipt with its lines and file, unless billed, invoiced or in a closed month. */
export const removeReceipt = (s: Scope, stored: ReceiptRow) =>
  whileChangeable(s, Number(stored.id), (trx) => deleteReceipt(trx, Number(stored.id)));

/** A receipt of the tenant, or 404. */
export async function requireReceipt(db: TenantDb, id: number): Promise<ReceiptRow> {
  const row = await findReceipt(db, id);
  if (!row) throw notFound('Receipt');
  return row;
}

/** The receipts as the CRUD kit (modules/crud) lists, reads, changes and deletes them (POST is their own route). */
export const receipts = {
  list: ({ db }: Scope, query: ReceiptListQueryT) => listReceipts(db, query),
  find: ({ db }: Scope, id: number) => findReceipt(db, id),
  show: async ({ db }: Scope, row: ReceiptRow) => (await toReceipts(db, [row]))[0],
  showMany: ({ db }: Scope, rows: ReceiptRow[]) => toReceipts(db, rows),
  update: (s: Scope, row: ReceiptRow, changes: ReceiptUpdateT) => changeReceipt(s, row, changes),
  remove: (s: Scope, row: ReceiptRow) => removeReceipt(s, row),
};
