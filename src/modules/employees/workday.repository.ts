// Facts the booking engine (attendances) needs from people and organisation, as small tenant-scoped reads:
// is the person employed on a day, which weekly schedule applies, is the day a working day or a holiday, does a
// work location or a vehicle exist. Documented in docs/api/people.md ("For the booking engine").
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import { toBool } from '../../http/formats.js';
import { WEEKDAYS, type Weekday } from '../working-times/working-times.tables.js';
import { type HolidayCalendarsTable, type HolidaysTable } from '../holiday-calendars/holiday-calendars.tables.js';
import type { EmploymentPeriodRow } from '../employment-periods/employment-periods.repository.js';
import type { WorkingTimeRow } from '../working-times/working-times.repository.js';
import type { VehicleListRow, VehicleRow } from '../vehicles/vehicles.repository.js';
import { vehicleListOnDate, vehiclesOfList } from '../vehicles/vehicles.repository.js';
import { findEmployeeRow, type EmployeeRow } from './employee-ref.js';

/** The employee with this username in the tenant (undefined when unknown). */
export const findEmployeeByUsername = (db: Kysely<DB>, tenantId: number, username: string): Promise<EmployeeRow | undefined> => findEmployeeRow(db, tenantId, username);

/** Employment periods that cover `date` (YYYY-MM-DD); a missing start or end is open-ended. */
export function employmentPeriodsCovering(db: Kysely<DB>, tenantId: number, username: string, date: string): Promise<EmploymentPeriodRow[]> {
  return db
    .selectFrom('employment_periods')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('employee_id', '=', username)
    .where((eb) => eb.and([eb.or([eb('start_date', 'is', null), eb('start_date', '<=', date)]), eb.or([eb('end_date', 'is', null), eb('end_date', '>=', date)])]))
    .orderBy('id')
    .execute();
}

/** Is the employee employed on `date`? (At least one covering employment period.) */
export const isEmployedOn = async (db: Kysely<DB>, tenantId: number, username: string, date: string) =>
  (await employmentPeriodsCovering(db, tenantId, username, date)).length > 0;

export interface WorkingTimeOn {
  record: WorkingTimeRow;
  calendar: Selectable<HolidayCalendarsTable> | null;
}

/** The weekly record valid on `date`: the latest start_date <= date (a null start counts as earliest), with its calendar. */
export async function workingTimeOn(db: Kysely<DB>, tenantId: number, username: string, date: string): Promise<WorkingTimeOn | undefined> {
  const candidates = await db
    .selectFrom('regular_working_times')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('employee_id', '=', username)
    .where((eb) => eb.or([eb('start_date', 'is', null), eb('start_date', '<=', date)]))
    .execute();
  const record = candidates.reduce<WorkingTimeRow | undefined>((best, r) => (!best || (r.start_date ?? '') > (best.start_date ?? '') ? r : best), undefined);
  if (!record) return undefined;
  const calendar =
    record.holiday_calendar_id === null
      ? null
      : ((await db.selectFrom('holiday_calendars').selectAll().where('tenant_id', '=', tenantId).where('id', '=', record.holiday_calendar_id).executeTakeFirst()) ?? null);
  return { record, calendar };
}

/** The holiday of a calendar on `date` (half days carry half_day = true). */
export const holidayOn = (db: Kysely<DB>, tenantId: number, calendarId: number, date: string): Promise<Selectable<HolidaysTable> | undefined> =>
  db.selectFrom('holidays').selectAll().where('tenant_id', '=', tenantId).where('holiday_calendar_id', '=', calendarId).where('date', '=', date).executeTakeFirst();

/** Weekday name of a 'YYYY-MM-DD' date. */
export const weekdayOf = (date: string): Weekday => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7];

/** Is the weekday a working day in the record: its *_workday flag, or (flag null) hours > 0. */
export function isWorkdayIn(record: WorkingTimeRow, weekday: Weekday): boolean {
  const flag = toBool(record[`${weekday}_workday`]);
  return flag ?? Number(record[weekday] ?? 0) > 0;
}

export interface DayFacts {
  employed: boolean;
  weekday: Weekday;
  workingTime: WorkingTimeOn | undefined;
  /** Working day per the weekly schedule (false without a schedule). */
  workday: boolean;
  /** Scheduled hours of the weekday (0 without a schedule). */
  hours: number;
  holiday: Selectable<HolidaysTable> | undefined;
}

/** Everything about one employee's day in one call: employed?, schedule, working day?, holiday? */
export async function dayFacts(db: Kysely<DB>, tenantId: number, username: string, date: string): Promise<DayFacts> {
  const weekday = weekdayOf(date);
  const [employed, workingTime] = await Promise.all([isEmployedOn(db, tenantId, username, date), workingTimeOn(db, tenantId, username, date)]);
  const holiday = workingTime?.calendar ? await holidayOn(db, tenantId, Number(workingTime.calendar.id), date) : undefined;
  return {
    employed,
    weekday,
    workingTime,
    workday: workingTime ? isWorkdayIn(workingTime.record, weekday) : false,
    hours: workingTime ? Number(workingTime.record[weekday] ?? 0) : 0,
    holiday,
  };
}

/** Does a work location with this id (attendance work_location_id) exist in the tenant? */
export const locationExists = async (db: Kysely<DB>, tenantId: number, code: string) =>
  (await db.selectFrom('locations').select('id').where('tenant_id', '=', tenantId).where('code', '=', code).executeTakeFirst()) !== undefined;

/** The vehicle list that applies on `date` (latest start on or before it) with its vehicles; undefined before the first list. */
export async function vehicleListOn(db: Kysely<DB>, tenantId: number, date: string): Promise<{ list: VehicleListRow; vehicles: VehicleRow[] } | undefined> {
  const list = await vehicleListOnDate(db, tenantId, date);
  if (!list) return undefined;
  return { list, vehicles: await vehiclesOfList(db, tenantId, Number(list.id)).orderBy('code').execute() };
}

/** Is `code` (attendance vehicle_id) a vehicle of the list that applies on `date`? */
export async function vehicleExistsOn(db: Kysely<DB>, tenantId: number, code: string, date: string): Promise<boolean> {
  const list = await vehicleListOnDate(db, tenantId, date);
  if (!list) return false;
  return (await vehiclesOfList(db, tenantId, Number(list.id)).where('code', '=', code).executeTakeFirst()) !== undefined;
}
