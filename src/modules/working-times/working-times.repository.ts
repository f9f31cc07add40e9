// SQL for regular working times; every query is scoped by tenant and employee. Calendars and break
// regulations of a page are loaded in one query each.
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import { WEEKDAYS } from '../../values/dates.js';
import { type RegularWorkingTimesTable } from './working-times.tables.js';
import type { ListSpec } from '../../db/list-spec.js';
import { outDate, outTimestamp, toBool } from '../../values/formats.js';
import {
  toBreakRegulationType,
  toHolidayCalendar,
  type HolidayCalendarRow,
} from '../holiday-calendars/holiday-calendars.repository.js';
import { authorsOf } from '../../db/row-mapping.js';

export type WorkingTimeRow = Selectable<RegularWorkingTimesTable>;

export const workingTimeListSpec: ListSpec = {
  key: ['id'],
  sortable: {
    id: 'id',
    start_date: { column: 'start_date', nullable: true },
    created: { column: 'created', nullable: true },
    modified: { column: 'modified', nullable: true },
  },
};

export const listWorkingTimes = (db: TenantDb, username: string) =>
  db.selectFrom('regular_working_times').selectAll().where('employee_id', '=', username);

export const findWorkingTime = (db: TenantDb, username: string, id: number) =>
  listWorkingTimes(db, username).where('id', '=', id).executeTakeFirst();

export async function loadCalendars(db: TenantDb, ids: (number | null)[]): Promise<Map<number, HolidayCalendarRow>> {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null).map(Number))];
  const rows = wanted.length
    ? await db.selectFrom('holiday_calendars').selectAll().where('id', 'in', wanted).execute()
    : [];
  return new Map(rows.map((r) => [Number(r.id), r]));
}

const num = (v: number | null) => (v === null ? null : Number(v));

export async function toWorkingTimes(db: TenantDb, rows: WorkingTimeRow[]) {
  const calendars = await loadCalendars(
    db,
    rows.map((r) => r.holiday_calendar_id),
  );
  const breakIds = [
    ...new Set(
      rows
        .map((r) => r.break_regulation_type_id)
        .filter((i): i is number => i !== null)
        .map(Number),
    ),
  ];
  const breaks = breakIds.length
    ? await db.selectFrom('break_regulation_types').selectAll().where('id', 'in', breakIds).execute()
    : [];
  return rows.map((r) => {
    const weekly = Object.fromEntries(
      WEEKDAYS.flatMap((d) => [
        [d, num(r[d])],
        [`${d}_workday`, toBool(r[`${d}_workday`])],
      ]),
    );
    const calendar = r.holiday_calendar_id === null ? undefined : calendars.get(Number(r.holiday_calendar_id));
    const breakType = breaks.find((b) => Number(b.id) === Number(r.break_regulation_type_id));
    return {
      id: Number(r.id),
      employee_id: r.employee_id,
      start_date: outDate(r.start_date),
      ...weekly,
      is_monthly: toBool(r.is_monthly),
      monthly_hours: num(r.monthly_hours),
      max_hours_in_month: num(r.max_hours_in_month),
      max_hours_in_week: num(r.max_hours_in_week),
      holidayCalendar: calendar ? toHolidayCalendar(calendar) : null,
      breakRegulationType: breakType ? toBreakRegulationType(breakType) : null,
      created: outTimestamp(r.created),
      modified: outTimestamp(r.modified),
      ...authorsOf(r),
    };
  });
}
