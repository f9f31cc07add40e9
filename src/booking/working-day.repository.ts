// The facts of one employee's day, loaded once for every rule that needs them (bookings today; absences,
// plannings and balances next): the employment periods, the regular working time valid on the day, whether its
// weekday is a working day, and the holiday of its calendar. docs/api/attendances.md ("Working-day facts")
// records the decisions: the latest start on or before the day wins (no start = the earliest, ties: the newest
// record); the *_workday flag decides, else hours > 0, else unknown (a working day).
import { sql } from 'kysely';
import type { TenantDb } from '../db/tenant-scope.js';
import { toBool } from '../db/values.js';
import { WEEKDAYS, type Weekday } from '../modules/working-times/working-times.tables.js';
import type { Runtime, WorkingDay } from './facts.js';

/** Weekday name of a 'YYYY-MM-DD' date. */
export const weekdayOf = (date: string): Weekday => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7];

/** All employment periods of the employee (a missing start or end is open). */
export const employmentPeriods = (db: TenantDb, username: string): Promise<Runtime[]> =>
  db.selectFrom('employment_periods').select(['start_date', 'end_date']).where('employee_id', '=', username).execute();

/** The regular working time valid on `date`: the latest start_date on or before it; no start = the earliest; ties: the newest. */
export function workingTimeOn(db: TenantDb, username: string, date: string) {
  return db
    .selectFrom('regular_working_times')
    .selectAll()
    .where('employee_id', '=', username)
    .where((eb) => eb.or([eb('start_date', 'is', null), eb('start_date', '<=', date)]))
    .orderBy(sql`start_date desc nulls last`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Is the weekday of `date` a working day, and is it a holiday, in the employee's working time valid then? */
export async function workingDay(db: TenantDb, username: string, date: string): Promise<WorkingDay> {
  const record = await workingTimeOn(db, username, date);
  if (!record) return { weekday_is_workday: null, hours: null, holiday: null };
  const day = weekdayOf(date);
  const flag = toBool(record[`${day}_workday`]);
  const hours = record[day] === null ? null : Number(record[day]);
  const holiday =
    record.holiday_calendar_id === null
      ? undefined
      : await db.selectFrom('holidays').select(['name', 'half_day']).where('holiday_calendar_id', '=', Number(record.holiday_calendar_id)).where('date', '=', date).executeTakeFirst();
  return {
    weekday_is_workday: flag !== null ? flag : hours !== null ? hours > 0 : null,
    hours,
    holiday: holiday ? { name: holiday.name, half_day: toBool(holiday.half_day) ?? false } : null,
  };
}
