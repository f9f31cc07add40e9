// SQL for holiday calendars, holidays and break regulation types; every query is scoped by tenant.
import { rowMapper } from '../../db/row-mapping.js';
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { BreakRegulationTypesTable, HolidayCalendarsTable, HolidaysTable } from './holiday-calendars.tables.js';
import type { ListSpec } from '../../db/list-spec.js';
import { outDate } from '../../values/formats.js';
import {
  BreakRegulationType,
  Holiday,
  HolidayCalendar,
  type BreakRegulationTypeT,
  type HolidayCalendarT,
  type HolidayT,
} from './holiday-calendars.schemas.js';

export type HolidayCalendarRow = Selectable<HolidayCalendarsTable>;
export type HolidayRow = Selectable<HolidaysTable>;
export type BreakRegulationTypeRow = Selectable<BreakRegulationTypesTable>;

const stamps = { created: { column: 'created', nullable: true }, modified: { column: 'modified', nullable: true } };
export const namedListSpec: ListSpec = { key: ['id'], sortable: { id: 'id', name: 'name', ...stamps } };
export const holidayListSpec: ListSpec = {
  key: ['id'],
  defaultSort: 'date',
  sortable: { id: 'id', date: 'date', name: 'name', ...stamps },
};

export const listHolidayCalendars = (db: TenantDb) => db.selectFrom('holiday_calendars').selectAll();
export const listBreakRegulationTypes = (db: TenantDb) => db.selectFrom('break_regulation_types').selectAll();

export const listHolidays = (db: TenantDb, calendarId: number, f: { start_date?: string; end_date?: string } = {}) => {
  let q = db.selectFrom('holidays').selectAll().where('holiday_calendar_id', '=', calendarId);
  if (f.start_date !== undefined) q = q.where('date', '>=', f.start_date);
  if (f.end_date !== undefined) q = q.where('date', '<=', f.end_date);
  return q;
};

export const findHoliday = (db: TenantDb, calendarId: number, id: number) =>
  listHolidays(db, calendarId).where('id', '=', id).executeTakeFirst();

export const toHolidayCalendar: (r: HolidayCalendarRow) => HolidayCalendarT = rowMapper(HolidayCalendar);

export const toHoliday: (r: HolidayRow) => HolidayT = rowMapper(Holiday, { convert: { date: outDate } });

export const toBreakRegulationType: (r: BreakRegulationTypeRow) => BreakRegulationTypeT =
  rowMapper(BreakRegulationType);
