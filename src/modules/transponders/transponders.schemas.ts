// Transponders of an employee (docs/api/people.md names the list only; the fields are ours).
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeOut, Nullable, Opt, DateIn, RecordAuthors } from '../../http/schemas.js';

export const Transponder = Type.Object({
  id: Type.Integer(),
  employee_id: Type.String(),
  number: Type.String(),
  valid_from: Nullable(DateTimeOut()),
  valid_until: Nullable(DateTimeOut()),
  note: Nullable(Type.String()),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type TransponderT = Static<typeof Transponder>;
const writable = {
  employee_id: Type.Optional(Type.String({ maxLength: 255 })),
  valid_from: Opt(DateIn()),
  valid_until: Opt(DateIn()),
  note: Opt(Type.String({ maxLength: 1000 })),
};
export const TransponderCreate = Type.Object({ number: Type.String({ minLength: 1, maxLength: 64 }), ...writable });
export const TransponderUpdate = Type.Object({
  number: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  ...writable,
});
export type TransponderWriteT = Static<typeof TransponderUpdate>;
