// Working-time balances, computed for a page of employees at once: booked hours (one grouped query), target hours
// and leave from the employees' calendars (the one working-day loader: three queries for the whole page), the
// employment periods (one query). docs/api/absences.md ("Working-time balances") explains every rule.
import { addDays, outTimestamp, today } from '../../values/formats.js';
import { ANNUAL_HOLIDAY, type EmployeeCalendar } from '../../booking/calendar.js';
import { employeeCalendars } from '../../booking/working-day.repository.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Scope } from '../../tenancy/scope.js';
import { entitlement } from './vacation.js';
import {
  bookedBefore,
  findBalanceEmployee,
  inputsModifiedSince,
  listBalanceEmployees,
  periodsOf,
  type BalanceEmployee,
  type PeriodFacts,
} from './workhour-balances.repository.js';
import type { VacationYearT, WorkhourBalanceT } from './workhour-balances.schemas.js';

const round = (n: number) => Math.round(n * 1e10) / 1e10;
const yearOf = (date: string) => Number(date.slice(0, 4));

/** The employee's first day: the earliest start; an open start counts from the first booking or the record's creation. */
function firstDayOf(
  periods: readonly PeriodFacts[],
  firstBooking: string | undefined,
  created: string | null,
): string | undefined {
  const open = [firstBooking, created?.slice(0, 10)].filter((d): d is string => !!d).sort()[0];
  const starts = periods
    .map((p) => p.start_date ?? open)
    .filter((d): d is string => d !== undefined)
    .sort();
  return starts[0];
}

/** The most years a balance lists (the latest ones). */
export const MAX_VACATION_YEARS = 10;

/**
 * Years listed: from the first day's year to this year (to the last employment year when employment ended), plus
 * next year when leave is already entered for it; at most the latest MAX_VACATION_YEARS.
 */
function years(periods: readonly PeriodFacts[], first: string, calendar: EmployeeCalendar, now: string): number[] {
  const ends = periods.map((p) => p.end_date);
  const lastEmployed = ends.includes(null) ? Infinity : Math.max(...ends.map((e) => yearOf(e!)));
  const nextYearLeave = calendar.absences.some(
    (a) => a.reason_type === ANNUAL_HOLIDAY && yearOf(a.end_date) > yearOf(now),
  );
  const last = Math.max(yearOf(first), Math.min(lastEmployed, yearOf(now) + (nextYearLeave ? 1 : 0)));
  const start = Math.max(yearOf(first), last - MAX_VACATION_YEARS + 1);
  return Array.from({ length: last - start + 1 }, (_, i) => start + i);
}

function vacation(
  periods: readonly PeriodFacts[],
  first: string,
  calendar: EmployeeCalendar,
  now: string,
): VacationYearT[] {
  const leave = calendar.absences.filter((a) => a.reason_type === ANNUAL_HOLIDAY);
  return years(periods, first, calendar, now).map((year) => {
    const sum = (approved: boolean) =>
      round(
        leave
          .filter((a) => a.approved === approved)
          .reduce((d, a) => d + calendar.absenceDays(a, `${year}-01-01`, `${year}-12-31`), 0),
      );
    const annual = entitlement(periods, year, first);
    const [approved, planned] = [sum(true), sum(false)];
    return { year, annual_entitlement: annual, approved, planned, remaining: round(annual - approved - planned) };
  });
}

/** Target hours of every employment period up to `until` (inclusive). */
function target(periods: readonly PeriodFacts[], first: string, calendar: EmployeeCalendar, until: string): number {
  return periods.reduce((h, p) => {
    const end = p.end_date !== null && p.end_date < until ? p.end_date : until;
    return h + calendar.targetHours(p.start_date ?? first, end);
  }, 0);
}

export async function balancesOf(
  db: TenantDb,
  employees: readonly BalanceEmployee[],
  now = today(),
): Promise<WorkhourBalanceT[]> {
  const usernames = employees.map((e) => e.username);
  const yesterday = addDays(now, -1);
  const asOf = `${yesterday} 23:59:59`;
  const [periods, booked, inputs] = await Promise.all([
    periodsOf(db, usernames),
    bookedBefore(db, usernames, now),
    inputsModifiedSince(db, usernames, asOf),
  ]);
  const firsts = new Map(
    employees.map((e) => [e.username, firstDayOf(periods.get(e.username)!, booked.get(e.username)?.first, e.created)]),
  );
  const from = [...firsts.values()].filter((d): d is string => d !== undefined).sort()[0] ?? now;
  const calendars = await employeeCalendars(db, usernames, from < now ? from : now, `${yearOf(now) + 1}-12-31`);
  return employees.map((e) => {
    const first = firsts.get(e.username);
    const calendar = calendars.get(e.username)!;
    const mine = periods.get(e.username)!;
    const hours = booked.get(e.username)?.hours ?? 0;
    return {
      id: Number(e.id),
      employee_id: e.username,
      balance: round(hours - (first === undefined ? 0 : target(mine, first, calendar, yesterday))),
      calculated_at: `${yesterday}T23:59:59+00:00`,
      vacation: first === undefined ? [] : vacation(mine, first, calendar, now),
      created: outTimestamp(e.created),
      // The answer changes at every day's end (calculated_at) and with its inputs after that.
      modified: outTimestamp(
        [asOf, e.modified, inputs.get(e.username)]
          .filter((m): m is string => !!m)
          .sort()
          .at(-1),
      ),
    };
  });
}

/** The working-time balances as the CRUD kit (modules/crud) lists and reads them, one an employee. */
export const workhourBalances = {
  list: ({ db }: Scope, query: { employee_id?: string }) => listBalanceEmployees(db, query),
  listItems: ({ db }: Scope, rows: BalanceEmployee[]) => balancesOf(db, rows),
  find: ({ db }: Scope, id: number) => findBalanceEmployee(db, id),
  show: async ({ db }: Scope, row: BalanceEmployee) => (await balancesOf(db, [row]))[0],
};
