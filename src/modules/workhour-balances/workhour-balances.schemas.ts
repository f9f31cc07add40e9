// Working-time balances (docs/api/absences.md): one record per employee, computed on request as a snapshot as of the end
// of the previous day. docs/api/absences.md ("Working-time balances") has the rules.
import { Type, type Static } from '@sinclair/typebox';
import { listQuery } from '../../http/list/index.js';
import { Nullable } from '../../http/schemas.js';

export const VacationYear = Type.Object({
  year: Type.Integer(),
  annual_entitlement: Type.Number({
    description: 'Days of leave the employment periods grant in the year (prorated).',
  }),
  approved: Type.Number({ description: 'Working days of approved annual-holiday absences in the year.' }),
  planned: Type.Number({
    description: 'Working days of requested or planned (not yet approved) annual-holiday absences.',
  }),
  remaining: Type.Number({ description: 'annual_entitlement − approved − planned.' }),
});

export const WorkhourBalance = Type.Object({
  id: Type.Integer({ description: "The employee's numeric id." }),
  employee_id: Type.String({ description: 'Username.' }),
  balance: Type.Number({
    description:
      'Booked hours − target hours from the first employment day to the end of the previous day (negative allowed).',
  }),
  calculated_at: Type.String({
    format: 'date-time',
    description: 'End of the previous day, with offset (UTC).',
    examples: ['2026-06-21T23:59:59+00:00'],
  }),
  vacation: Type.Array(VacationYear),
  created: Nullable(Type.String({ format: 'date-time', description: "The employee's creation." })),
  modified: Nullable(
    Type.String({
      format: 'date-time',
      description:
        'When the answer last changed: calculated_at, or a later change of what it is computed from (the employee, its bookings, absences, employment periods, regular working times). A deletion does not move it; the ETag, a hash of the answer, always moves.',
    }),
  ),
});
export type WorkhourBalanceT = Static<typeof WorkhourBalance>;
export type VacationYearT = Static<typeof VacationYear>;

export const WorkhourBalanceListQuery = listQuery({
  employee_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Username.' })),
});
