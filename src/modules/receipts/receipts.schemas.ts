// Receipts (contract "Receipt (header)", reference §4.25). The header only on reads; the amount lines under
// /receipts/{receipt}/amounts as decimal strings (tax and quantity 4 places, money 2); `breakfast` and
// `lunch_or_dinner` are the per-diem deductions as decimal strings; dates are 'YYYY-MM-DD'.
import { Type, type Static } from '@sinclair/typebox';
import { DateOnly, DateTimeOut, IntIdName, MAX_ID, Nullable, Opt } from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';
import { EnumIn } from '../crud/index.js';

/** Billing status ids (issue 16; the contract names them in this order). */
export const BILLING_STATUSES: Readonly<Record<number, string>> = { 0: 'beliebig', 1: 'Not billed', 2: 'Freigegebene', 3: 'Billed' };
export const BILLED = 3;
/** A new receipt is not billed yet. */
export const DEFAULT_BILLING_STATUS = 1;

export const Receipt = Type.Object({
  id: Type.Integer(),
  employee_id: Nullable(Type.String()),
  date: Nullable(Type.String({ examples: ['2024-11-15'] })),
  receipt_type_id: Type.String(),
  currency: Type.String(),
  invoice_amount_currency: Type.String(),
  note: Nullable(Type.String()),
  payment_method: Type.String(),
  breakfast: Type.String({ examples: ['0.00'] }),
  lunch_or_dinner: Type.String({ examples: ['0.00'] }),
  location: Nullable(Type.String()),
  is_amount_net: Type.Boolean(),
  is_invoice_amount_net: Type.Boolean(),
  billing_status: Nullable(IntIdName()),
  performance_date: Nullable(Type.String({ examples: ['2024-11-15'] })),
  client_id: Nullable(Type.Integer()),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  invoice_item_id: Nullable(Type.Integer()),
  project_id: Type.Integer(),
  project_task_id: Nullable(Type.Integer()),
  ticket_id: Nullable(Type.Integer()),
  subtask_id: Nullable(Type.Integer()),
  filename: Nullable(Type.String()),
});
export type ReceiptT = Static<typeof Receipt>;

export const ReceiptAmount = Type.Object({
  id: Type.Integer(),
  receipt_id: Type.Integer(),
  tax: Type.String({ examples: ['19.0000'] }),
  quantity: Type.String({ examples: ['1.0000'] }),
  amount: Type.String({ examples: ['70.00'] }),
  invoicing_share: Nullable(Type.String({ examples: ['70.00'] })),
  private_share: Nullable(Type.String({ examples: ['0.00'] })),
  is_amount_net: Type.Boolean(),
  is_invoice_amount_net: Type.Boolean(),
});
export type ReceiptAmountT = Static<typeof ReceiptAmount>;

const MONEY = 999_999_999;
const Money = (opts: object = {}) => Type.Number({ minimum: 0, maximum: MONEY, ...opts });
/** An amount line; `amount` > 0 on create, ≥ 0 on update (reference §4.25). */
const Line = (amountLimits: object) =>
  Type.Object({
    tax: Type.Number({ minimum: 0, maximum: 100, description: 'Percent; must be one of the receipt type\'s tax_rates.' }),
    quantity: Type.Number({ minimum: 1, maximum: 1_000_000 }),
    amount: Type.Number({ maximum: MONEY, ...amountLimits }),
    private_share: Opt(Money()),
    invoicing_share: Opt(Money()),
  });
export const MAX_LINES = 100;
const Lines = (amountLimits: object) => Type.Array(Line(amountLimits), { minItems: 1, maxItems: MAX_LINES });
export type ReceiptLineT = { tax: number; quantity: number; amount: number; private_share?: number | null; invoicing_share?: number | null };

/** A deduction: a number or the decimal string the API returns. */
const Deduction = Type.Unsafe<number | string>({ type: ['number', 'string'], minimum: 0, maximum: MONEY, pattern: '^[0-9]{1,9}(\\.[0-9]{1,2})?$', maxLength: 12, description: 'Amount ≥ 0.' });
const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });

const optional = {
  performance_date: Opt(DateOnly()),
  project_task_id: Opt(Id),
  ticket_id: Opt(Id),
  subtask_id: Opt(Id),
  invoice_item_id: Opt(Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'The invoice item that bills the receipt (must bill its project). Once that invoice is Billed the receipt is locked.' })),
  is_invoice_amount_net: Opt(Type.Boolean({ description: 'Required when a line has an invoicing share.' })),
  note: Opt(Type.String({ maxLength: 255 })),
  invoice_amount_currency: Type.Optional(Type.String({ minLength: 1, maxLength: 32, description: 'Default: currency.' })),
  location: Opt(Type.String({ maxLength: 255 })),
  breakfast: Type.Optional(Deduction),
  lunch_or_dinner: Type.Optional(Deduction),
  billing_status: Type.Optional(Nullable(EnumIn(0, 3, '0 beliebig, 1 Not billed (default), 2 Freigegebene, 3 Billed.'))),
  payment_method: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Default: the receipt type\'s default_payment_method.' })),
};

export const ReceiptCreate = Type.Object({
  employee_id: Type.String({ minLength: 1, maxLength: 255 }),
  date: DateOnly(),
  receipt_type_id: Type.String({ minLength: 1, maxLength: 255 }),
  project_id: Id,
  currency: Type.String({ minLength: 1, maxLength: 32 }),
  is_amount_net: Type.Boolean(),
  receiptAmounts: Lines({ exclusiveMinimum: 0 }),
  client_id: Opt(Type.Integer({ minimum: -MAX_ID, maximum: MAX_ID, description: 'Id assigned offline by a mobile app: a second POST with it returns the stored receipt (200).' })),
  ...optional,
});
export type ReceiptCreateT = Static<typeof ReceiptCreate>;

export const ReceiptUpdate = Type.Object({
  employee_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  date: Type.Optional(DateOnly()),
  receipt_type_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  project_id: Type.Optional(Id),
  currency: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  is_amount_net: Type.Optional(Type.Boolean()),
  receiptAmounts: Type.Optional(Lines({ minimum: 0 })),
  ...optional,
});
export type ReceiptUpdateT = Static<typeof ReceiptUpdate>;

export const ReceiptListQuery = listQuery({
  start_date: Type.Optional(DateOnly({ description: 'Receipts dated on or after this day.' })),
  end_date: Type.Optional(DateOnly({ description: 'Receipts dated on or before this day.' })),
  employee_id: Type.Optional(Type.String({ maxLength: 255 })),
  project_id: Type.Optional(Id),
  'billing_status[]': Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 3 }), { maxItems: 4 })),
});
export type ReceiptListQueryT = Static<typeof ReceiptListQuery>;
