// Offer item (contract "Offer item") with an additive total_net, and its request bodies.
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeOut, MAX_ID, Nullable, Opt, StrIdName, Labelled, RecordAuthors } from '../../http/schemas.js';
import { ITEM_TYPES } from './offer-items.types.js';
import { LABELS } from '../../values/labels.js';

export const OfferItem = Type.Object({
  id: Type.Integer(),
  offer_id: Type.Integer(),
  position: Nullable(Type.String()),
  label: Nullable(Type.String()),
  description: Nullable(Type.String()),
  type: StrIdName(),
  quantity: Type.Number(),
  single_price: Type.Number(),
  unit: Nullable(Type.String({ description: 'Derived from the type.' })),
  receipts_mileage_money: Nullable(Type.Number()),
  additional_meal_expenses: Nullable(Type.Number()),
  amount_deviating_net: Nullable(Type.Number({ description: 'Overrides the calculated total.' })),
  vat: Nullable(Type.Number({ description: 'Percent.' })),
  display_calculation: Type.Boolean(),
  display_total: Type.Boolean(),
  is_alternative: Type.Boolean(),
  sort_order: Nullable(Type.Integer()),
  article_id: Nullable(Type.Integer()),
  expenditure_billing_type: Nullable(StrIdName()),
  total_net: Type.Number({
    description:
      'Additive: the item total in euros (amount_deviating_net, or quantity × single_price rounded to cents; for a surcharge its percentage of the items before it).',
  }),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type OfferItemT = Static<typeof OfferItem>;

/** A string id or name, or the {id, name} object the API returns. */
const Named = (description: string) =>
  Type.Unsafe<string | { id: string; name?: string }>({
    type: ['string', 'object'],
    minLength: 1,
    maxLength: 64,
    properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
    required: ['id'],
    description,
  });

const Amount = (opts: object = {}) => Type.Number({ minimum: -1e11, maximum: 1e11, ...opts });
const fields = {
  position: Opt(Type.String({ maxLength: 32 })),
  label: Opt(Type.String({ maxLength: 255 })),
  description: Opt(Type.String({ maxLength: 65535 })),
  quantity: Opt(
    Type.Number({ minimum: -1e9, maximum: 1e9, description: 'At most 4 decimals; for a surcharge the percentage.' }),
  ),
  single_price: Opt(Type.Number({ minimum: -1e9, maximum: 1e9, description: 'At most 4 decimals.' })),
  receipts_mileage_money: Opt(Amount({ description: 'Cents at most.' })),
  additional_meal_expenses: Opt(Amount({ description: 'Cents at most.' })),
  amount_deviating_net: Opt(Amount({ description: 'Cents at most.' })),
  vat: Opt(Type.Number({ minimum: 0, maximum: 100, description: 'Percent, at most 2 decimals.' })),
  display_calculation: Type.Optional(Type.Boolean()),
  display_total: Type.Optional(Type.Boolean()),
  is_alternative: Type.Optional(Type.Boolean()),
  sort_order: Opt(Type.Integer({ minimum: -2147483648, maximum: 2147483647 })),
  article_id: Opt(Type.Integer({ minimum: 1, maximum: MAX_ID })),
  expenditure_billing_type: Opt(
    Labelled(
      'expenditure_billing_type',
      Named(
        `Id or name: ${Object.entries(LABELS.expenditure_billing_type)
          .map(([k, v]) => `${k} (${v.de}, ${v.en})`)
          .join(', ')}.`,
      ),
    ),
  ),
};
const TypeIn = Named(
  `Id or name, German or English: ${ITEM_TYPES.map((t) => `${t.id} (${LABELS.offer_item_type[t.id as keyof typeof LABELS.offer_item_type].de}, ${t.name})`).join(', ')}.`,
);
export const OfferItemCreate = Type.Object({ type: TypeIn, ...fields });
export const OfferItemUpdate = Type.Object({ type: Type.Optional(TypeIn), ...fields });
export type OfferItemUpdateT = Static<typeof OfferItemUpdate>;
