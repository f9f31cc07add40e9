// PriceTable, Price, PriceFactor as the contract states them, and the request bodies of the (additive) writes,
// which are the same for every owner (base, customer, project).
import { LABELS } from '../../values/labels.js';
import { Type, type Static } from '@sinclair/typebox';
import {
  DateOnly,
  DateTimeOut,
  IntIdName,
  MAX_ID,
  Nullable,
  Opt,
  StrIdName,
  TimeOfDay,
  Labelled,
  RecordAuthors,
} from '../../http/schemas.js';

export const PRICE_TABLE_TYPES = {
  base: 'Basispreistabelle',
  customer: 'Customer Price Table',
  project: 'Project Price Table',
} as const;
export type PriceTableLevel = keyof typeof PRICE_TABLE_TYPES;

/** Price types (docs/api/conventions.md): basehour = Stundensatz, tsatz = Tagessatz, pauschal = Pauschal (flat rate). */
/** Price type ids (labels in values/labels.ts). */
export const PRICE_TYPES = Object.keys(LABELS.price_type);

/** Factor days: 0 So … 6 Sa as PHP's date('w'), 7 = public holiday. */
export const FACTOR_DAYS: Record<number, string> = {
  0: 'So',
  1: 'Mo',
  2: 'Di',
  3: 'Mi',
  4: 'Do',
  5: 'Fr',
  6: 'Sa',
  7: 'Feiertag',
};

export const Price = Type.Object({
  id: Type.Integer(),
  price_group: Type.String(),
  price: Type.Number(),
  price_table_id: Type.String(),
  type: Nullable(StrIdName()),
  activity: Nullable(Type.String()),
  /** Only on tenants with the `ahr` module. */
  ahr_factor: Type.Optional(Nullable(Type.Number())),
});
export type PriceT = Static<typeof Price>;

export const PriceFactor = Type.Object({
  id: Type.Integer(),
  day: IntIdName(),
  start_time: Nullable(Type.String({ examples: ['22:00:00'] })),
  end_time: Nullable(Type.String({ examples: ['06:00:00'] })),
  factor: Type.Number(),
  price_table_id: Type.Integer(),
  activity_id: Nullable(Type.Integer()),
});
export type PriceFactorT = Static<typeof PriceFactor>;

export const PriceTable = Type.Object({
  id: Type.Integer(),
  start_date: Nullable(DateTimeOut()),
  customer_number: Nullable(Type.String()),
  project_id: Nullable(Type.Integer()),
  type: Nullable(StrIdName()),
  prices: Type.Array(Price),
  factors: Type.Array(PriceFactor),
  ...RecordAuthors,
});
export type PriceTableT = Static<typeof PriceTable>;

export const PriceInput = Type.Object({
  price_group: Type.String({ minLength: 1, maxLength: 64, description: 'Name of an existing price group.' }),
  price: Type.Number({ minimum: 0, maximum: 1e12 }),
  type: Type.Optional(
    Labelled('price_type', Type.String({ enum: PRICE_TYPES, description: 'basehour (default), tsatz or pauschal.' })),
  ),
  activity: Opt(
    Type.String({ minLength: 1, maxLength: 64, description: 'Name of an existing activity; null = every activity.' }),
  ),
  ahr_factor: Opt(
    Type.Number({
      minimum: 0,
      maximum: 1000,
      description: 'Stored only on tenants with the ahr module; ignored otherwise.',
    }),
  ),
});
export type PriceInputT = Static<typeof PriceInput>;

export const FactorInput = Type.Object({
  day: Type.Integer({ minimum: 0, maximum: 7, description: '0 So … 6 Sa, 7 public holiday.' }),
  start_time: Opt(TimeOfDay()),
  end_time: Opt(TimeOfDay()),
  factor: Type.Number({ exclusiveMinimum: 0, maximum: 1000 }),
  activity_id: Opt(
    Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Id of an existing activity; null = every activity.' }),
  ),
});
export type FactorInputT = Static<typeof FactorInput>;

const tableFields = {
  start_date: Opt(DateOnly({ description: 'Applies from this date; unique per owner.' })),
  prices: Type.Optional(Type.Array(PriceInput, { maxItems: 500 })),
  factors: Type.Optional(Type.Array(FactorInput, { maxItems: 200 })),
};
export const PriceTableCreate = Type.Object(tableFields);
/** Only submitted fields change; submitted `prices` / `factors` replace the table's set. */
export const PriceTableUpdate = Type.Object(tableFields);
export type PriceTableWriteT = Static<typeof PriceTableCreate>;
