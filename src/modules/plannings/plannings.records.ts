// What planning entries and resource planning periods derive from (plugins/write-path/records.ts): the embedded
// employee, project and customer, and the employee's calendar — an entry's working_day and hours, days and percent
// (its daily target), a period's planned hours — which absences, regular working times and holidays move. For a
// calendar source the entries and periods of the employees and days it touches are computed with the calendars
// before and after the write: only those whose answer moves are changed.
import type { DeriveContext, Derivation, Row, RowChange } from '../../plugins/write-path/records.js';
import { employeeCalendars } from '../../booking/working-day.repository.js';
import type { EmployeeCalendar } from '../../booking/calendar.js';
import { maxDate, minDate } from '../../values/dates.js';
import { dailyTarget, isWorkingDay } from './plan-amounts.js';
import { plannedHours } from '../resource-plannings/resource-plannings.repository.js';

/** Employees and the days of theirs a calendar change may move. */
interface Window {
  employee: string;
  from: string;
  to: string;
}

const FIRST_DAY = '1000-01-01';
const LAST_DAY = '9999-12-31';
const rowsOf = (changes: readonly RowChange[]) =>
  changes.flatMap((c) => [c.old, c.new].filter((r): r is Row => r !== null));
const absenceWindows = (rows: readonly Row[]): Window[] =>
  rows.map((r) => ({ employee: String(r.employee_id), from: String(r.start_date), to: String(r.end_date) }));

/** Per calendar source: the windows its changes touch. */
const WINDOWS: Record<
  'absences' | 'leave_approval_applications' | 'absence_reasons' | 'regular_working_times' | 'holidays',
  { columns?: string[]; windows(ctx: DeriveContext, changes: readonly RowChange[]): Promise<Window[]> }
> = {
  absences: {
    columns: [
      'employee_id',
      'start_date',
      'end_date',
      'half_day_from',
      'half_day_to',
      'hours',
      'time_from',
      'time_to',
      'approved',
      'absence_reason_id',
      'leave_approval_application_id',
    ],
    windows: async (_ctx, changes) => absenceWindows(rowsOf(changes)),
  },
  leave_approval_applications: {
    columns: ['status'],
    windows: async ({ scope }, changes) => {
      const ids = [...new Set(rowsOf(changes).map((r) => Number(r.id)))];
      return absenceWindows(
        (await scope.db
          .selectFrom('absences')
          .selectAll()
          .where('leave_approval_application_id', 'in', ids)
          .execute()) as Row[],
      );
    },
  },
  absence_reasons: {
    columns: ['type'],
    windows: async ({ scope }, changes) => {
      const names = [...new Set(rowsOf(changes).map((r) => String(r.name)))];
      return absenceWindows(
        (await scope.db.selectFrom('absences').selectAll().where('absence_reason_id', 'in', names).execute()) as Row[],
      );
    },
  },
  regular_working_times: {
    windows: async (_ctx, changes) =>
      rowsOf(changes).map((r) => ({
        employee: String(r.employee_id),
        from: r.start_date == null ? FIRST_DAY : String(r.start_date),
        to: LAST_DAY,
      })),
  },
  holidays: {
    columns: ['holiday_calendar_id', 'date', 'half_day'],
    windows: async ({ scope }, changes) => {
      const rows = rowsOf(changes);
      const calendars = [...new Set(rows.map((r) => Number(r.holiday_calendar_id)))];
      const users = await scope.db
        .selectFrom('regular_working_times')
        .select(['employee_id', 'holiday_calendar_id'])
        .where('holiday_calendar_id', 'in', calendars)
        .execute();
      return rows.flatMap((r) =>
        users
          .filter((u) => Number(u.holiday_calendar_id) === Number(r.holiday_calendar_id))
          .map((u) => ({ employee: u.employee_id, from: String(r.date), to: String(r.date) })),
      );
    },
  },
};

/** The employees' calendars over [from, to] as they are, and as they were before the write. */
async function calendarsBeforeAndAfter(
  ctx: DeriveContext,
  usernames: string[],
  from: string,
  to: string,
): Promise<[Map<string, EmployeeCalendar>, Map<string, EmployeeCalendar>]> {
  const { db } = ctx.scope;
  const mine = (r: Row) => usernames.includes(String(r.employee_id));
  const after = await employeeCalendars(db, usernames, from, to);
  const before = await employeeCalendars(db, usernames, from, to, {
    workingTimes: (rows) => ctx.before('regular_working_times', rows, mine),
    holidays: (rows) => ctx.before('holidays', rows, (r) => String(r.date) >= from && String(r.date) <= to),
    absences: async (rows) => {
      // The loader joins each absence's reason type: as it was, too (a reason changed in the write had its old type).
      const back = ctx.before('absences', rows, mine);
      const oldType = new Map(
        ctx.changes('absence_reasons').flatMap((c) => (c.old ? [[String(c.old.name), c.old.type]] : [])),
      );
      const missing = [
        ...new Set(
          back
            .filter((r) => r.type === undefined && !oldType.has(String(r.absence_reason_id)))
            .map((r) => String(r.absence_reason_id)),
        ),
      ];
      const types = new Map(
        missing.length
          ? (
              await db.selectFrom('absence_reasons').select(['name', 'type']).where('name', 'in', missing).execute()
            ).map((r) => [r.name, r.type])
          : [],
      );
      const renamed = new Map(
        ctx.changes('absence_reasons').flatMap((c) => (c.old && c.new ? [[String(c.new.name), c.old.type]] : [])),
      );
      return back.map((r) => {
        const name = String(r.absence_reason_id);
        if (r.type === undefined) return { ...r, type: oldType.get(name) ?? types.get(name) ?? 0 };
        return renamed.has(name) ? { ...r, type: renamed.get(name) } : r;
      });
    },
  });
  return [before, after];
}

/** One derivation per calendar source; `affected` picks the dependents whose answer moves. */
function calendarDerivations(
  sources: (keyof typeof WINDOWS)[],
  affected: (ctx: DeriveContext, windows: Window[]) => Promise<number[]>,
): Derivation[] {
  return sources
    .map((table) => [table, WINDOWS[table]] as const)
    .map(([table, source]) => ({
      table,
      columns: source.columns,
      find: async (ctx, changes) => affected(ctx, await source.windows(ctx, changes)),
    }));
}

const within = (windows: readonly Window[], employee: string, from: string, to: string) =>
  windows.some((w) => w.employee === employee && w.from <= to && w.to >= from);

const planningFacts = (calendar: EmployeeCalendar, date: string) =>
  `${dailyTarget(calendar, date)} ${isWorkingDay(calendar, date)}`;

const customerProjects = async ({ scope }: DeriveContext, changes: readonly RowChange[]): Promise<number[]> => {
  const numbers = [...new Set(rowsOf(changes).map((r) => String(r.customer_number)))];
  const rows = await scope.db.selectFrom('projects').select('id').where('customer_id', 'in', numbers).execute();
  return rows.map((r) => Number(r.id));
};

export const planningDerivations: Derivation[] = [
  { table: 'employees', columns: ['firstname', 'lastname', 'email'], match: { employee_id: 'username' } },
  { table: 'projects', columns: ['name', 'customer_id'], match: { project_id: 'id' } },
  {
    table: 'customers',
    columns: ['customer_number', 'name'],
    find: async (ctx, changes) => {
      const projects = await customerProjects(ctx, changes);
      return projects.length
        ? (await ctx.scope.db.selectFrom('plannings').select('id').where('project_id', 'in', projects).execute()).map(
            (r) => Number(r.id),
          )
        : [];
    },
  },
  // working_day and the daily target: a reason's type does not move them
  ...calendarDerivations(
    ['absences', 'leave_approval_applications', 'regular_working_times', 'holidays'],
    async (ctx, windows) => {
      const employees = [...new Set(windows.map((w) => w.employee))];
      if (employees.length === 0) return [];
      const from = windows.reduce((d, w) => minDate(d, w.from), LAST_DAY);
      const to = windows.reduce((d, w) => maxDate(d, w.to), FIRST_DAY);
      const entries = (
        await ctx.scope.db
          .selectFrom('plannings')
          .select(['id', 'employee_id', 'date'])
          .where('employee_id', 'in', employees)
          .where('date', '>=', from)
          .where('date', '<=', to)
          .execute()
      ).filter((e) => within(windows, e.employee_id, e.date, e.date));
      if (entries.length === 0) return [];
      const days = entries.map((e) => e.date).sort();
      const [before, after] = await calendarsBeforeAndAfter(
        ctx,
        [...new Set(entries.map((e) => e.employee_id))],
        days[0],
        days.at(-1)!,
      );
      return entries
        .filter(
          (e) => planningFacts(before.get(e.employee_id)!, e.date) !== planningFacts(after.get(e.employee_id)!, e.date),
        )
        .map((e) => Number(e.id));
    },
  ),
];

export const resourcePlanningDerivations: Derivation[] = [
  { table: 'projects', columns: ['customer_id'], match: { project_id: 'id' } },
  // planned hours: a flexitime reason does not lower the target
  ...calendarDerivations(
    ['absences', 'leave_approval_applications', 'absence_reasons', 'regular_working_times', 'holidays'],
    async (ctx, windows) => {
      const employees = [...new Set(windows.map((w) => w.employee))];
      if (employees.length === 0) return [];
      const periods = (
        await ctx.scope.db.selectFrom('resource_plannings').selectAll().where('employee_id', 'in', employees).execute()
      ).filter((p) => within(windows, p.employee_id, p.start_date, p.end_date));
      if (periods.length === 0) return [];
      const from = periods.reduce((d, p) => minDate(d, p.start_date), LAST_DAY);
      const to = periods.reduce((d, p) => maxDate(d, p.end_date), FIRST_DAY);
      const [before, after] = await calendarsBeforeAndAfter(
        ctx,
        [...new Set(periods.map((p) => p.employee_id))],
        from,
        to,
      );
      const hours = (calendars: Map<string, EmployeeCalendar>, p: (typeof periods)[number]) =>
        JSON.stringify(plannedHours(calendars.get(p.employee_id)!, p));
      return periods.filter((p) => hours(before, p) !== hours(after, p)).map((p) => Number(p.id));
    },
  ),
];
