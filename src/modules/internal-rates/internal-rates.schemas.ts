// Employee internal rates (contract "Employee internal rate", docs/api/people.md): `internal_rate` decimal text,
// `start_date` YYYY-MM-DD, `rate_type` {id, name}; the list is {data: [...]} without pagination.
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeOut, IntIdName, Nullable, Opt, Labelled, DateIn, RecordAuthors } from '../../http/schemas.js';
import { EnumIn } from '../crud/index.js';

/** Rate types: 0 "keines" (docs/api/conventions.md); the other ids are ours. */
/** Decimal scale of `internal_rate` on the wire. */
export const RATE_SCALE = 2;

export const InternalRate = Type.Object({
  id: Type.Integer(),
  employee_id: Type.String(),
  start_date: Type.String({ format: 'date', examples: ['2024-01-01'] }),
  internal_rate: Type.String({ examples: ['45.50'] }),
  note: Nullable(Type.String()),
  monthly_rate: Nullable(Type.Number()),
  internal_rate_resets: Nullable(Type.Boolean()),
  rate_type: IntIdName(),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type InternalRateT = Static<typeof InternalRate>;

const Rate = Type.Unsafe<number | string>({
  type: ['number', 'string'],
  minimum: 0,
  maximum: 1e9,
  maxLength: 20,
  pattern: '^\\d{1,9}(\\.\\d{1,10})?$',
  description: 'Number or decimal text, e.g. "45.50".',
});
const writable = {
  employee_id: Type.Optional(Type.String({ maxLength: 255 })),
  note: Opt(Type.String({ maxLength: 1000 })),
  monthly_rate: Opt(Type.Number({ minimum: 0, maximum: 1e9 })),
  internal_rate_resets: Opt(Type.Boolean()),
  rate_type: Type.Optional(Labelled('rate_type', EnumIn(0, 3, '0 keines, 1 Stundensatz, 2 Tagessatz, 3 Monatssatz.'))),
};
export const InternalRateCreate = Type.Object({ start_date: DateIn(), internal_rate: Rate, ...writable });
export const InternalRateUpdate = Type.Object({
  start_date: Type.Optional(DateIn()),
  internal_rate: Type.Optional(Rate),
  ...writable,
});
export type InternalRateWriteT = Static<typeof InternalRateUpdate>;
export const INTERNAL_RATE_COLUMNS = [
  'start_date',
  'internal_rate',
  'note',
  'monthly_rate',
  'internal_rate_resets',
  'rate_type',
] as const;
