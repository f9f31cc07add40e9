// Receipt types (additive master data): the name is the key that receipts carry as receipt_type_id;
// `tax_rates` are the tax percentages a receipt line of this type may use; `default_payment_method` fills a
// receipt's payment method when the request leaves it out.
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeOut, Nullable, Opt, RecordAuthors } from '../../http/schemas.js';

export const ReceiptType = Type.Object({
  name: Type.String(),
  description: Nullable(Type.String()),
  tax_rates: Type.Array(Type.Number()),
  default_payment_method: Nullable(Type.String()),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type ReceiptTypeT = Static<typeof ReceiptType>;

const Name = Type.String({ minLength: 1, maxLength: 255 });
const writable = {
  description: Opt(Type.String({ maxLength: 1000 })),
  tax_rates: Type.Optional(
    Type.Array(Type.Number({ minimum: 0, maximum: 100 }), {
      maxItems: 20,
      uniqueItems: true,
      description: 'Allowed tax percentages; empty: any rate 0–100.',
    }),
  ),
  default_payment_method: Opt(Type.String({ maxLength: 255 })),
};
export const ReceiptTypeCreate = Type.Object({ name: Name, ...writable });
export const ReceiptTypeUpdate = Type.Object({ name: Type.Optional(Name), ...writable });
export type ReceiptTypeWriteT = Static<typeof ReceiptTypeUpdate>;
