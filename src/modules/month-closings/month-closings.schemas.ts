// Closed months (booking rule 1): for the whole tenant (employee_id null) or for one employee.
import { Type, type Static } from '@sinclair/typebox';
import { DateOnly, DateTimeOut, Nullable, Opt, RecordAuthors } from '../../http/schemas.js';
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

export const MonthPattern = '^[1-9][0-9]{3}-(0[1-9]|1[0-2])$';
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

// GET /month-closings/overview (src/modules/month-closings/month-overview.ts).
export const MonthOverviewQuery = Type.Object({
  month: Type.String({ pattern: MonthPattern, maxLength: 7, description: "'YYYY-MM'", examples: ['2026-03'] }),
});

export const EmployeeMonth = Type.Object({
  employee_id: Type.String({ description: 'Username.' }),
  firstname: Type.String(),
  lastname: Type.String(),
  department_id: Type.Integer(),
  target_hours: Type.Number({
    description: 'Target hours of the days employed (as in GET /employees/{username}/days).',
  }),
  booked_hours: Type.Number(),
  missing_days: Type.Array(DateOnly(), {
    description: 'Past days with a target and no booking, absence or holiday.',
  }),
  closing_id: Nullable(Type.Integer({ description: 'The month closed for this employee (GET /month-closings/{id}).' })),
});

export const MonthOverview = Type.Object({
  month: Type.String(),
  closing_id: Nullable(Type.Integer({ description: 'The month closed for the whole tenant.' })),
  employees: Type.Array(EmployeeMonth),
});
export type MonthOverviewT = Static<typeof MonthOverview>;
