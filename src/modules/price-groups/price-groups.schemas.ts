// Price groups (docs/api/people.md: {id, name, number, status, description}). Employees and prices reference a
// group by name.
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeOut, Nullable, Opt, Translations, RecordAuthors } from '../../http/schemas.js';

export const PriceGroup = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  number: Nullable(Type.String()),
  status: Type.Boolean(),
  description: Translations,
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type PriceGroupT = Static<typeof PriceGroup>;

const writable = {
  number: Opt(Type.String({ maxLength: 64 })),
  status: Type.Optional(Type.Boolean()),
  description: Type.Optional(Nullable(Translations)),
};
export const PriceGroupCreate = Type.Object({ name: Type.String({ minLength: 1, maxLength: 255 }), ...writable });
export const PriceGroupUpdate = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  ...writable,
});
export type PriceGroupWriteT = Static<typeof PriceGroupUpdate>;
