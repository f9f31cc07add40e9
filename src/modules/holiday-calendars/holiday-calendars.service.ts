// Writing holiday calendars and break regulation types (a name unique in the tenant) and holidays (a date once per
// calendar).
import type { TenantTable } from '../../db/tenant-scope.js';
import { assertUnique, dateValues, deleteRow, findRow, insertRow, pick, updateRow, type Row } from '../crud/index.js';
import type { Scope } from '../../tenancy/scope.js';
import { CALENDAR_COLUMNS, HOLIDAY_COLUMNS } from './holiday-calendars.schemas.js';
import {
  findHoliday,
  listBreakRegulationTypes,
  listHolidayCalendars,
  listHolidays,
  toBreakRegulationType,
  toHoliday,
  toHolidayCalendar,
  type BreakRegulationTypeRow,
  type HolidayCalendarRow,
  type HolidayRow,
} from './holiday-calendars.repository.js';

/** Create/update of a row whose `name` is unique in the tenant. */
async function writeNamed<T extends TenantTable>(
  s: Scope,
  table: T,
  columns: readonly string[],
  body: Record<string, unknown>,
  current?: { id: number },
): Promise<Row<T>> {
  await assertUnique(s.db, table, 'name', body.name, { exceptId: current ? Number(current.id) : undefined });
  const values = pick(body, columns);
  return current ? updateRow(s.db, table, Number(current.id), values) : insertRow(s.db, table, values);
}

async function writeHoliday(
  s: Scope,
  calendar: HolidayCalendarRow,
  body: Record<string, unknown>,
  current?: HolidayRow,
) {
  dateValues(body, ['date']);
  await assertUnique(s.db, 'holidays', 'date', body.date, {
    exceptId: current ? Number(current.id) : undefined,
    where: { holiday_calendar_id: calendar.id },
    words: 'date of this calendar',
  });
  const values = pick(body, HOLIDAY_COLUMNS);
  if (current) return updateRow(s.db, 'holidays', Number(current.id), values);
  return insertRow(s.db, 'holidays', { half_day: false, ...values, holiday_calendar_id: calendar.id });
}

/** The holiday calendars as the CRUD kit (modules/crud) lists, reads and writes them. */
export const holidayCalendars = {
  list: ({ db }: Scope) => listHolidayCalendars(db),
  find: ({ db }: Scope, id: number) => findRow(db, 'holiday_calendars', 'id', id),
  show: (_s: Scope, row: HolidayCalendarRow) => toHolidayCalendar(row),
  insert: (s: Scope, body: Record<string, unknown>) => writeNamed(s, 'holiday_calendars', CALENDAR_COLUMNS, body),
  update: (s: Scope, row: HolidayCalendarRow, changes: Record<string, unknown>) =>
    writeNamed(s, 'holiday_calendars', CALENDAR_COLUMNS, changes, row),
};

/** The holidays of a calendar as the CRUD kit (modules/crud) lists, reads and writes them. */
export const holidays = {
  list: ({ db }: Scope, query: { start_date?: string; end_date?: string }, calendar: HolidayCalendarRow) =>
    listHolidays(db, Number(calendar.id), query),
  find: ({ db }: Scope, id: number, calendar: HolidayCalendarRow) => findHoliday(db, Number(calendar.id), id),
  show: (_s: Scope, row: HolidayRow) => toHoliday(row),
  insert: (s: Scope, body: Record<string, unknown>, calendar: HolidayCalendarRow) => writeHoliday(s, calendar, body),
  update: (s: Scope, row: HolidayRow, changes: Record<string, unknown>, calendar: HolidayCalendarRow) =>
    writeHoliday(s, calendar, changes, row),
  remove: ({ db }: Scope, row: HolidayRow) => deleteRow(db, 'holidays', Number(row.id)),
};

/** The break regulation types as the CRUD kit (modules/crud) lists, reads and writes them. */
export const breakRegulationTypes = {
  list: ({ db }: Scope) => listBreakRegulationTypes(db),
  find: ({ db }: Scope, id: number) => findRow(db, 'break_regulation_types', 'id', id),
  show: (_s: Scope, row: BreakRegulationTypeRow) => toBreakRegulationType(row),
  insert: (s: Scope, body: Record<string, unknown>) => writeNamed(s, 'break_regulation_types', ['name'], body),
  update: (s: Scope, row: BreakRegulationTypeRow, changes: Record<string, unknown>) =>
    writeNamed(s, 'break_regulation_types', ['name'], changes, row),
};
