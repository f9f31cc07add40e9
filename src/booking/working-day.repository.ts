// The facts of employees' days, loaded once for everything that needs them: the booking rules (one day), absences
// (working days and overlaps of a range), balances (target hours since the first employment day) and plannings
// (the regular hours a plan converts with, working days, the targets of resource planning periods). A calendar holds the employee's regular
// working times, the holidays of their calendars in the range and their absences that count (rejected and revoked
// ones never do); src/booking/calendar.ts answers the questions. docs/api/attendances.md ("Working-day facts") and
// docs/api/absences.md ("Working days and targets") record the decisions.
import { prepared } from '../db/prepared.js';
import type { TenantDb } from '../db/tenant-scope.js';
import { toBool } from '../values/formats.js';
import { WEEKDAYS, type Weekday } from '../values/dates.js';
import { NO_LONGER_COUNTING } from './leave-approval.js';
import { EmployeeCalendar, type AbsenceSpan, type Holiday, type WorkingTimeRecord } from './calendar.js';
import type { Runtime, WorkingDay } from './facts.js';

/** All employment periods of the employee (a missing start or end is open). */
const periodsOf = prepared((db, p: { username: string }) =>
  db.selectFrom('employment_periods').select(['start_date', 'end_date']).where('employee_id', '=', p.username),
);
export const employmentPeriods = (db: TenantDb, username: string): Promise<Runtime[]> => periodsOf(db, { username });

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

// The calendar's three queries are compiled once per number of employees (db/prepared.ts).
const workingTimeRows = prepared((db, p: { usernames: string[] }) =>
  db.selectFrom('regular_working_times').selectAll().where('employee_id', 'in', p.usernames),
);
const absenceRows = prepared((db, p: { usernames: string[]; from: string }) =>
  db
    .selectFrom('absences as a')
    .innerJoin('absence_reasons as r', (j) =>
      j.onRef('r.tenant_id', '=', 'a.tenant_id').onRef('r.name', '=', 'a.absence_reason_id'),
    )
    .leftJoin('leave_approval_applications as l', (j) =>
      j.onRef('l.tenant_id', '=', 'a.tenant_id').onRef('l.id', '=', 'a.leave_approval_application_id'),
    )
    .select([
      'a.id',
      'a.employee_id',
      'a.absence_reason_id',
      'a.start_date',
      'a.end_date',
      'a.half_day_from',
      'a.half_day_to',
      'a.hours',
      'a.time_from',
      'a.time_to',
      'a.approved',
      'r.type',
    ])
    .where('a.employee_id', 'in', p.usernames)
    .where('a.end_date', '>=', p.from)
    .where((eb) => eb.or([eb('l.status', 'is', null), eb('l.status', 'not in', [...NO_LONGER_COUNTING])])),
);
const holidayRows = prepared((db, p: { calendarIds: number[]; from: string; to: string }) =>
  db
    .selectFrom('holidays')
    .select(['id', 'holiday_calendar_id', 'date', 'name', 'half_day'])
    .where('holiday_calendar_id', 'in', p.calendarIds)
    .where('date', '>=', p.from)
    .where('date', '<=', p.to),
);

/**
 * The rows a calendar is built from, as they were before the running write (plugins/write-path: a change of
 * absences, working times or holidays compares an answer computed from the calendars before and after it). Each
 * gets the rows the loader read and returns the rows to build from.
 */
export interface CalendarRows {
  workingTimes(rows: Row[]): Row[];
  absences(rows: Row[]): Row[] | Promise<Row[]>;
  holidays(rows: Row[]): Row[];
}
type Row = Record<string, any>;
const asIs: CalendarRows = { workingTimes: (r) => r, absences: (r) => r, holidays: (r) => r };

async function workingTimes(
  db: TenantDb,
  usernames: readonly string[],
  rowsOf: CalendarRows['workingTimes'] = asIs.workingTimes,
) {
  const rows = rowsOf(await workingTimeRows(db, { usernames: [...usernames] }));
  return rows.map((r) => ({
    employee_id: r.employee_id,
    record: {
      id: Number(r.id),
      start_date: r.start_date,
      hours: Object.fromEntries(WEEKDAYS.map((d) => [d, num(r[d])])) as Record<Weekday, number | null>,
      workday: Object.fromEntries(WEEKDAYS.map((d) => [d, toBool(r[`${d}_workday`])])) as Record<
        Weekday,
        boolean | null
      >,
      monthly_hours: toBool(r.is_monthly) && r.monthly_hours !== null ? Number(r.monthly_hours) : null,
      holiday_calendar_id: num(r.holiday_calendar_id),
    } satisfies WorkingTimeRecord,
  }));
}

/**
 * The employees' absences that touch [from, to] and still count (no rejected or revoked application). SQL bounds
 * only the end (the index is (employee, end_date)); a bound on the start as well would let SQLite, planning
 * without statistics, walk the tenant's absences by start date instead. Later ones are dropped here.
 */
async function countingAbsences(
  db: TenantDb,
  usernames: readonly string[],
  from: string,
  to: string,
  rowsOf: CalendarRows['absences'] = asIs.absences,
) {
  const rows = await rowsOf(await absenceRows(db, { usernames: [...usernames], from }));
  return rows
    .filter((r) => r.start_date <= to && r.end_date >= from)
    .map((r) => ({
      employee_id: r.employee_id,
      span: {
        id: Number(r.id),
        start_date: r.start_date,
        end_date: r.end_date,
        half_day_from: toBool(r.half_day_from) ?? false,
        half_day_to: toBool(r.half_day_to) ?? false,
        hours: num(r.hours),
        time_from: r.time_from,
        time_to: r.time_to,
        approved: toBool(r.approved) ?? false,
        reason_type: Number(r.type),
        absence_reason_id: r.absence_reason_id,
      } satisfies AbsenceSpan,
    }));
}

async function holidays(
  db: TenantDb,
  calendarIds: number[],
  from: string,
  to: string,
  rowsOf: CalendarRows['holidays'] = asIs.holidays,
): Promise<Map<number, Map<string, Holiday>>> {
  const out = new Map<number, Map<string, Holiday>>(calendarIds.map((id) => [id, new Map()]));
  if (calendarIds.length === 0) return out;
  const rows = rowsOf(await holidayRows(db, { calendarIds, from, to }));
  for (const h of rows)
    out.get(Number(h.holiday_calendar_id))?.set(h.date, { name: h.name, half_day: toBool(h.half_day) ?? false });
  return out;
}

function groupBy<T, V>(items: readonly T[], key: (t: T) => string, value: (t: T) => V): Map<string, V[]> {
  const out = new Map<string, V[]>();
  for (const item of items) {
    const k = key(item);
    if (!out.has(k)) out.set(k, []);
    out.get(k)!.push(value(item));
  }
  return out;
}

/** The calendars of these employees for [from, to], in three queries whatever their number. */
export async function employeeCalendars(
  db: TenantDb,
  usernames: readonly string[],
  from: string,
  to: string,
  rows: CalendarRows = asIs,
): Promise<Map<string, EmployeeCalendar>> {
  if (usernames.length === 0) return new Map();
  const [times, absences] = await Promise.all([
    workingTimes(db, usernames, rows.workingTimes),
    countingAbsences(db, usernames, from, to, rows.absences),
  ]);
  const calendarIds = [
    ...new Set(times.map((t) => t.record.holiday_calendar_id).filter((id): id is number => id !== null)),
  ];
  const days = await holidays(db, calendarIds, from, to, rows.holidays);
  const records = groupBy(
    times,
    (t) => t.employee_id,
    (t) => t.record,
  );
  const spans = groupBy(
    absences,
    (a) => a.employee_id,
    (a) => a.span,
  );
  return new Map(usernames.map((u) => [u, new EmployeeCalendar(u, records.get(u) ?? [], days, spans.get(u) ?? [])]));
}

/** One employee's day: working weekday, its hours, the holiday of the calendar then valid, approved absences. */
export async function workingDay(db: TenantDb, username: string, date: string): Promise<WorkingDay> {
  return (await employeeCalendars(db, [username], date, date)).get(username)!.day(date);
}
