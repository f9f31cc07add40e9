// Invoice (docs/api/commercial.md plus the contract's creator_username and an additive id), bodies and list query.
import { Type, type Static } from '@sinclair/typebox';
import {
  DateOnly,
  DateTimeOut,
  IntIdName,
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

/** The path key. */
export const InvoiceNumberParam = Type.String({ minLength: 1, maxLength: 64 });

const Day = () => Type.String({ format: 'date', examples: ['2024-05-01'] });

export const Invoice = Type.Object({
  id: Type.Integer({
    description: 'Additive: the id invoice items name as invoice_id. The path key is invoice_number.',
  }),
  invoice_number: Type.String(),
  billing_kind: IntIdName(),
  date: Day(),
  amount: Type.String({ description: 'Decimal text with two places.', examples: ['285.21'] }),
  status: IntIdName(),
  currency: Type.String(),
  correction_date: Nullable(Day()),
  payment_terms_date: Nullable(Day()),
  payment_terms: Nullable(Type.Integer({ description: 'Days.' })),
  address: Nullable(Type.String({ description: 'Lines separated by CR LF.' })),
  email_sent_at: Nullable(DateTimeOut()),
  email_recipient: Nullable(Type.String()),
  customer_number: Type.String(),
  title: Nullable(Type.String()),
  type: Nullable(Type.String()),
  note: Nullable(Type.String()),
  creator_username: Nullable(
    Type.String({
      description:
        'Who created the invoice document; after a correction who corrected it; null while no document is stored.',
    }),
  ),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type InvoiceT = Static<typeof Invoice>;

const Text = (max = 255) => Type.String({ maxLength: max });
const writable = {
  billing_kind: Type.Optional(Labelled('invoice_billing_kind', EnumIn(0, 2, describe('invoice_billing_kind')))),
  date: Type.Optional(DateIn()),
  amount: Opt(DecimalIn(2, 1e11, 'Euros.')),
  status: Type.Optional(Labelled('invoice_status', EnumIn(0, 2, describe('invoice_status')))),
  currency: Type.Optional(Currency()),
  payment_terms_date: Opt(DateIn()),
  payment_terms: Opt(Type.Integer({ minimum: 0, maximum: 3650 })),
  address: Opt(Text(2000)),
  email_sent_at: Opt(Type.String({ format: 'filter-timestamp', maxLength: 64 })),
  email_recipient: Opt(Text()),
  customer_number: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  title: Opt(Text()),
  type: Opt(Text(64)),
  note: Opt(Text(65535)),
  creator_username: Opt(Type.String({ minLength: 1, maxLength: 255 })),
};
const InvoiceNumber = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[^/?#\\s]+$',
  description: 'Unique in the tenant; omitted: the next number of the tenant sequence.',
});
export const InvoiceCreate = Type.Object({
  invoice_number: Type.Optional(InvoiceNumber),
  ...writable,
  customer_number: Type.String({ minLength: 1, maxLength: 64 }),
});
export const InvoiceUpdate = Type.Object({ invoice_number: Type.Optional(InvoiceNumber), ...writable });
export type InvoiceUpdateT = Static<typeof InvoiceUpdate>;
export const INVOICE_DATES = ['date', 'payment_terms_date'] as const;

export const InvoiceCorrection = Type.Object({
  creator_username: Type.String({ minLength: 1, maxLength: 255, description: 'The correcting employee.' }),
  correction_date: Type.Optional(DateIn({ description: 'Default today.' })),
});

export const InvoiceListQuery = listQuery({
  customer_number: Type.Optional(Type.String({ maxLength: 64 })),
  date_from: Type.Optional(DateOnly({ description: 'Invoices dated on or after this day.' })),
  date_to: Type.Optional(DateOnly({ description: 'Invoices dated on or before this day.' })),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 2, description: describe('invoice_status') })),
});
