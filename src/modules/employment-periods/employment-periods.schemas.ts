// Employment periods (docs/api/people.md). A missing start or end is open-ended (contract, attendances rule 4);
// periods of one employee must not overlap (closed intervals).
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeOut, Nullable, Opt, DateIn, RecordAuthors } from '../../http/schemas.js';

const num = Nullable(Type.Number());
export const EmploymentPeriod = Type.Object({
  id: Type.Integer(),
  employee_id: Type.String(),
  start_date: Nullable(DateTimeOut()),
  end_date: Nullable(DateTimeOut()),
  note: Nullable(Type.String()),
  beginning_of_year: Nullable(DateTimeOut()),
  annual_leave_entitlement: num,
  period_holiday_entitlement: num,
  is_holiday_per_year: Nullable(Type.Boolean()),
  day_absent_in_hours: num,
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type EmploymentPeriodT = Static<typeof EmploymentPeriod>;

export const EmploymentPeriodWrite = Type.Object({
  employee_id: Type.Optional(
    Type.String({ maxLength: 255, description: 'Taken from the path; when sent it must name the same employee.' }),
  ),
  start_date: Opt(DateIn({ description: 'First day; null or missing = open start (employed since ever).' })),
  end_date: Opt(DateIn({ description: 'Last day (inclusive); null or missing = indefinite.' })),
  note: Opt(Type.String({ maxLength: 255 })),
  beginning_of_year: Opt(DateIn()),
  annual_leave_entitlement: Opt(Type.Number({ minimum: 0, maximum: 366 })),
  period_holiday_entitlement: Opt(Type.Number({ minimum: 0, maximum: 366 })),
  is_holiday_per_year: Opt(Type.Boolean()),
  day_absent_in_hours: Opt(Type.Number({ minimum: 0, maximum: 24 })),
});
export type EmploymentPeriodWriteT = Static<typeof EmploymentPeriodWrite>;
export const EMPLOYMENT_PERIOD_COLUMNS = [
  'start_date',
  'end_date',
  'note',
  'beginning_of_year',
  'annual_leave_entitlement',
  'period_holiday_entitlement',
  'is_holiday_per_year',
  'day_absent_in_hours',
] as const;
