// Offer header (docs/api/commercial.md) with additive totals, its request bodies and list query.
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeOut, IntIdName, MAX_ID, Nullable, Opt, Labelled, DateIn, RecordAuthors } from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';
import { EnumIn } from '../crud/index.js';
import { LABELS } from '../../values/labels.js';

/** Offer status ids (no public source names them; chosen here, docs/api/commercial.md). */

const Money = () => Type.Number({ description: 'Euros with cents, computed in integer cents.' });
const DateOut = () => Nullable(DateTimeOut());

export const Offer = Type.Object({
  id: Type.Integer(),
  title: Nullable(Type.String()),
  status: IntIdName(),
  status_since: DateOut(),
  valid_until: DateOut(),
  order_date: DateOut(),
  realization_from: DateOut(),
  realization_until: DateOut(),
  processor_username: Nullable(Type.String()),
  customer_id: Nullable(Type.String({ description: 'Customer number.' })),
  customer_contact_id: Nullable(Type.String({ description: 'A contact of the customer (its id, as text).' })),
  department_id: Nullable(Type.Integer()),
  project_id: Nullable(Type.Integer()),
  ticket_id: Nullable(Type.Integer()),
  default_validity: Nullable(Type.Integer({ description: 'Days.' })),
  items_count: Type.Integer(),
  order_probability_percent: Nullable(Type.Number()),
  is_net: Type.Boolean(),
  total_net: Money(),
  total_vat: Money(),
  total_gross: Money(),
  created: DateOut(),
  modified: DateOut(),
  ...RecordAuthors,
});
export type OfferT = Static<typeof Offer>;

const Id = () => Type.Integer({ minimum: 1, maximum: MAX_ID });
const ContactId = Type.Unsafe<string | number>({
  type: ['string', 'integer'],
  pattern: '^[0-9]{1,15}$',
  maxLength: 15,
  minimum: 1,
  maximum: MAX_ID,
  description: 'A contact of customer_id.',
});

const writable = {
  title: Opt(Type.String({ maxLength: 255 })),
  status: Type.Optional(
    Labelled(
      'offer_status',
      EnumIn(
        1,
        5,
        Object.entries(LABELS.offer_status)
          .map(([k, v]) => `${k} ${v.en}`)
          .join(', '),
      ),
    ),
  ),
  valid_until: Opt(DateIn()),
  order_date: Opt(DateIn()),
  realization_from: Opt(DateIn()),
  realization_until: Opt(DateIn()),
  processor_username: Opt(Type.String({ minLength: 1, maxLength: 255 })),
  customer_id: Opt(Type.String({ minLength: 1, maxLength: 64, description: 'Customer number.' })),
  customer_contact_id: Type.Optional(Nullable(ContactId)),
  department_id: Opt(Id()),
  project_id: Opt(Id()),
  ticket_id: Opt(Id()),
  default_validity: Opt(Type.Integer({ minimum: 0, maximum: 36500 })),
  order_probability_percent: Opt(Type.Number({ minimum: 0, maximum: 100 })),
  is_net: Type.Optional(Type.Boolean()),
};
export const OfferWrite = Type.Object(writable);
export type OfferWriteT = Static<typeof OfferWrite>;
export const OFFER_DATES = ['valid_until', 'order_date', 'realization_from', 'realization_until'] as const;

export const OfferListQuery = listQuery({
  'id[]': Type.Optional(
    Type.Array(Type.String({ pattern: '^[0-9]{1,15}$', maxLength: 15 }), {
      maxItems: 100,
      description: 'Up to 100 offer ids.',
    }),
  ),
  customer_id: Type.Optional(Type.String({ maxLength: 64, description: 'Customer number.' })),
  status: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
});
