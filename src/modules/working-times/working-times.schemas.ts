// Regular working times (docs/api/people.md): hours per weekday, which weekdays are working days, a holiday
// calendar and a break regulation, valid from `start_date` (null = from the beginning).
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { DateTimeOut, MAX_ID, Nullable, Opt, DateIn, RecordAuthors } from '../../http/schemas.js';
import { WEEKDAYS } from '../../values/dates.js';
import { BreakRegulationType, HolidayCalendar } from '../holiday-calendars/holiday-calendars.schemas.js';

const weekly = (hours: TSchema, workday: TSchema) =>
  Object.fromEntries(
    WEEKDAYS.flatMap((d) => [
      [d, hours],
      [`${d}_workday`, workday],
    ]),
  );

export const WorkingTime = Type.Object({
  id: Type.Integer(),
  employee_id: Type.String(),
  start_date: Nullable(DateTimeOut()),
  ...(weekly(Nullable(Type.Number()), Nullable(Type.Boolean())) as Record<string, TSchema>),
  is_monthly: Nullable(Type.Boolean()),
  monthly_hours: Nullable(Type.Number()),
  max_hours_in_month: Nullable(Type.Number()),
  max_hours_in_week: Nullable(Type.Number()),
  holidayCalendar: Nullable(HolidayCalendar),
  breakRegulationType: Nullable(BreakRegulationType),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});

const RefIn = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
export const WorkingTimeWrite = Type.Object({
  employee_id: Type.Optional(Type.String({ maxLength: 255 })),
  start_date: Opt(DateIn({ description: 'Valid from this date; null = from the beginning.' })),
  ...(weekly(Opt(Type.Number({ minimum: 0, maximum: 24 })), Opt(Type.Boolean())) as Record<string, TSchema>),
  is_monthly: Opt(Type.Boolean()),
  monthly_hours: Opt(Type.Number({ minimum: 0, maximum: 744 })),
  max_hours_in_month: Opt(Type.Number({ minimum: 0, maximum: 744 })),
  max_hours_in_week: Opt(Type.Number({ minimum: 0, maximum: 168 })),
  holiday_calendar_id: Opt(Type.Integer({ minimum: 1, maximum: MAX_ID })),
  break_regulation_type_id: Opt(Type.Integer({ minimum: 1, maximum: MAX_ID })),
  holidayCalendar: Opt(RefIn),
  breakRegulationType: Opt(RefIn),
});
export type WorkingTimeWriteT = Static<typeof WorkingTimeWrite> & Record<string, unknown>;

export const WORKING_TIME_COLUMNS = [
  'start_date',
  ...WEEKDAYS.flatMap((d) => [d, `${d}_workday`]),
  'is_monthly',
  'monthly_hours',
  'max_hours_in_month',
  'max_hours_in_week',
  'holiday_calendar_id',
  'break_regulation_type_id',
] as const;
