// Receipts (contract "Receipt (header)", docs/api/receipts.md). The header only on reads; the amount lines under
// /receipts/{receipt}/amounts as decimal strings (tax and quantity 4 places, money 2); `breakfast` and
// `lunch_or_dinner` are the per-diem deductions as decimal strings; dates are 'YYYY-MM-DD'. Requests send numbers or
// the decimal text read back; they are stored as scaled integers (values/money.ts) and more decimals than the field
// (or, for money, the currency) allows are 422 (receipts.service.ts).
import { Type, type Static } from '@sinclair/typebox';
import {
  DateOnly,
  DateTimeOut,
  IntIdName,
  MAX_ID,
  Nullable,
  Opt,
  Currency,
  DecimalIn,
  Labelled,
  RecordAuthors,
} from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';
import { EnumIn } from '../crud/index.js';

/** Billing status ids (the contract names them in this order; names: values/labels.ts receipt_billing_status). */
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
  breakfast: Type.String({
    description: 'Per-diem deduction: "0" if none, else the amount with 2 decimals.',
    examples: ['0', '5.60'],
  }),
  lunch_or_dinner: Type.String({
    description: 'Per-diem deduction: "0" if none, else the amount with 2 decimals.',
    examples: ['0', '11.20'],
  }),
  location: Nullable(Type.String()),
  is_amount_net: Type.Boolean(),
  is_invoice_amount_net: Type.Boolean(),
  billing_status: Nullable(IntIdName()),
  performance_date: Nullable(Type.String({ examples: ['2024-11-15'] })),
  client_id: Nullable(Type.Integer()),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
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
  invoicing_share: Type.String({ examples: ['70.00'], description: '"0.00" when none.' }),
  private_share: Type.String({ examples: ['0.00'], description: '"0.00" when none.' }),
  is_amount_net: Type.Boolean(),
  is_invoice_amount_net: Type.Boolean(),
});
export type ReceiptAmountT = Static<typeof ReceiptAmount>;

/** The largest amount of a line or deduction. */
export const MONEY_MAX = 999_999_999;
export const QUANTITY_MAX = 1_000_000;
/** Money: no more decimals than its currency has (EUR 2, JPY 0; receipts.service.ts). */
const Money = (description: string) => DecimalIn(2, MONEY_MAX, description, 0);
/** An amount line of a request; `amount` > 0 on create, ≥ 0 on update (docs/api/receipts.md). */
export const ReceiptAmountLine = Type.Object({
  tax: DecimalIn(4, 100, "Percent, 0–100; must be one of the receipt type's tax_rates.", 0),
  quantity: DecimalIn(4, QUANTITY_MAX, '≥ 1.', 1),
  amount: Money('> 0 on create, ≥ 0 on update.'),
  private_share: Opt(Money('≥ 0.')),
  invoicing_share: Opt(Money('≥ 0, in invoice_amount_currency.')),
});
export const MAX_LINES = 100;
const Lines = Type.Array(ReceiptAmountLine, { minItems: 1, maxItems: MAX_LINES });
/** An amount line as a request sends it. */
export type ReceiptLineIn = Static<typeof ReceiptAmountLine>;

/** A per-diem deduction: a number or the decimal string the API returns. */
const Deduction = Money('Amount ≥ 0.');
const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });

const optional = {
  performance_date: Opt(DateOnly()),
  project_task_id: Opt(Id),
  ticket_id: Opt(Id),
  subtask_id: Opt(Id),
  invoice_item_id: Opt(
    Type.Integer({
      minimum: 1,
      maximum: MAX_ID,
      description:
        'The invoice item that bills the receipt (must bill its project). Once that invoice is Billed the receipt is locked.',
    }),
  ),
  is_invoice_amount_net: Opt(Type.Boolean({ description: 'Required when a line has an invoicing share.' })),
  note: Opt(Type.String({ maxLength: 255 })),
  invoice_amount_currency: Type.Optional(Currency({ description: 'ISO 4217 code; default: currency.' })),
  location: Opt(Type.String({ maxLength: 255 })),
  breakfast: Type.Optional(Deduction),
  lunch_or_dinner: Type.Optional(Deduction),
  billing_status: Type.Optional(Nullable(Labelled('receipt_billing_status', EnumIn(0, 3, '')))),
  payment_method: Type.Optional(
    Type.String({ minLength: 1, maxLength: 255, description: "Default: the receipt type's default_payment_method." }),
  ),
};

export const ReceiptCreate = Type.Object({
  employee_id: Type.String({ minLength: 1, maxLength: 255 }),
  date: DateOnly(),
  receipt_type_id: Type.String({ minLength: 1, maxLength: 255 }),
  project_id: Id,
  currency: Currency(),
  is_amount_net: Type.Boolean(),
  receiptAmounts: Lines,
  client_id: Opt(
    Type.Integer({
      minimum: -MAX_ID,
      maximum: MAX_ID,
      description: 'Id assigned offline by a mobile app: a second POST with it returns the stored receipt (200).',
    }),
  ),
  ...optional,
});
export type ReceiptCreateT = Static<typeof ReceiptCreate>;

export const ReceiptUpdate = Type.Object({
  employee_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  date: Type.Optional(DateOnly()),
  receipt_type_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  project_id: Type.Optional(Id),
  currency: Type.Optional(Currency()),
  is_amount_net: Type.Optional(Type.Boolean()),
  receiptAmounts: Type.Optional(Lines),
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
