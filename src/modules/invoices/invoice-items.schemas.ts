// Invoice item: one shape for /invoices/{n}/items, /invoice-items and /projects/{project}/invoice-items, the union
// of docs/api/commercial.md (per-invoice names and decimal strings, plus the global list's invoice_id, description and
// computed numbers). Bodies name the invoice by invoice_number or invoice_id.
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
  DateIn,
  RecordAuthors,
} from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';
import { EnumIn } from '../crud/index.js';
import { describe } from './invoice-enums.js';

const Day = () => Type.String({ format: 'date', examples: ['2024-05-01'] });
const Decimal = (example: string) => Type.String({ examples: [example] });

export const InvoiceItem = Type.Object({
  id: Type.Integer(),
  invoice_id: Nullable(Type.Integer()),
  invoice_number: Nullable(Type.String()),
  project_id: Nullable(Type.Integer()),
  project_task_id: Nullable(Type.Integer()),
  ticket_id: Nullable(Type.Integer()),
  article_id: Nullable(Type.Integer()),
  customer_number: Nullable(Type.String()),
  description: Nullable(Type.String()),
  from: Nullable(Day()),
  to: Nullable(Day()),
  repetition: Nullable(Type.String()),
  quantity: Decimal('1.00000'),
  unit_price: Decimal('815.0000'),
  unit: Nullable(Type.String()),
  currency: Type.String(),
  language: Type.String(),
  status: IntIdName(),
  kind: IntIdName(),
  type: IntIdName(),
  invoice_text: Nullable(Type.String()),
  sorting: Nullable(Type.String()),
  contains_working_hours: Nullable(Type.Boolean()),
  contains_receipts: Nullable(Type.Boolean()),
  contains_travel_expenses: Nullable(Type.Boolean()),
  planned_amount: Nullable(Decimal('815.00')),
  planned_date: Nullable(DateTimeOut()),
  billed_amount: Nullable(Decimal('815.00')),
  billed_date: Nullable(DateTimeOut()),
  vat: Nullable(Decimal('19.0000')),
  total_price: Type.Number({ description: 'billed_amount, or quantity × unit_price rounded to cents.' }),
  tax_rate: Nullable(Type.Number()),
  net_amount: Type.Number(),
  tax_amount: Type.Number(),
  gross_amount: Type.Number(),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type InvoiceItemT = Static<typeof InvoiceItem>;

const Id = () => Type.Integer({ minimum: 1, maximum: MAX_ID });
const Text = (max = 255) => Type.String({ maxLength: max });
const fields = {
  invoice_number: Opt(
    Type.String({ minLength: 1, maxLength: 64, description: 'The invoice the item belongs to (or invoice_id).' }),
  ),
  invoice_id: Opt(Id()),
  project_id: Opt(Id()),
  project_task_id: Opt(Id()),
  ticket_id: Opt(Id()),
  article_id: Opt(Id()),
  customer_number: Opt(Type.String({ minLength: 1, maxLength: 64 })),
  description: Opt(Text(65535)),
  from: Opt(DateIn()),
  to: Opt(DateIn()),
  repetition: Opt(Text(64)),
  quantity: Type.Optional(DecimalIn(5, 1e9)),
  unit_price: Type.Optional(DecimalIn(4, 1e9)),
  unit: Opt(Text(64)),
  currency: Type.Optional(Currency()),
  language: Type.Optional(Type.String({ pattern: '^[a-z]{2}$', maxLength: 2 })),
  status: Type.Optional(Labelled('invoice_item_status', EnumIn(0, 3, describe('invoice_item_status')))),
  kind: Type.Optional(Labelled('invoice_item_kind', EnumIn(0, 1, describe('invoice_item_kind')))),
  type: Type.Optional(Labelled('invoice_item_type', EnumIn(0, 1, describe('invoice_item_type')))),
  invoice_text: Opt(Text(65535)),
  sorting: Opt(Text(32)),
  contains_working_hours: Opt(Type.Boolean()),
  contains_receipts: Opt(Type.Boolean()),
  contains_travel_expenses: Opt(Type.Boolean()),
  planned_amount: Opt(DecimalIn(2, 1e11)),
  planned_date: Opt(DateIn()),
  billed_amount: Opt(DecimalIn(2, 1e11)),
  billed_date: Opt(Type.String({ format: 'filter-timestamp', maxLength: 64 })),
  vat: Opt(DecimalIn(4, 100)),
};
export const InvoiceItemWrite = Type.Object(fields);
export type InvoiceItemWriteT = Static<typeof InvoiceItemWrite>;

export const InvoiceItemListQuery = listQuery({
  invoice_id: Type.Optional(Id()),
  'status[]': Type.Optional(
    Type.Array(Type.Integer({ minimum: 0, maximum: 3 }), { maxItems: 4, description: describe('invoice_item_status') }),
  ),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
  planned_from: Type.Optional(DateOnly({ description: 'Items planned on or after this day.' })),
  planned_to: Type.Optional(DateOnly({ description: 'Items planned on or before this day.' })),
});
