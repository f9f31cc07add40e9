// Closed months (booking rule 1): for the whole tenant (employee_id null) or for one employee.
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeOut, Nullable, Opt, RecordAuthors } from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';

export const MonthClosing = Type.Object({
  id: Type.Integer(),
  month: Type.String({ examples: ['2026-03'] }),
  employee_id: Nullable(Type.String({ description: 'Username; null = closed for the whole tenant.' })),
  note: Nullable(Type.String()),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type MonthClosingT = Static<typeof MonthClosing>;

const MonthPattern = '^[1-9][0-9]{3}-(0[1-9]|1[0-2])$';
export const MonthClosingCreate = Type.Object({
  month: Type.String({ pattern: MonthPattern, maxLength: 7, description: "'YYYY-MM'" }),
  employee_id: Opt(Type.String({ minLength: 1, maxLength: 255 })),
  note: Opt(Type.String({ maxLength: 255 })),
});
export type MonthClosingCreateT = Static<typeof MonthClosingCreate>;

export const MonthClosingListQuery = listQuery({
  month: Type.Optional(Type.String({ pattern: MonthPattern, maxLength: 7 })),
  employee_id: Type.Optional(Type.String({ maxLength: 255 })),
});
