// SQL for default plannings, scoped by tenant, and the days they add to GET /plannings?include_defaults=true: one
// synthetic entry per working day of the window where the employee has no explicit entry for the project.
import { authorsOf, rowMapper } from '../../db/row-mapping.js';
import type { Insertable, Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import { deleteRow, findRow, insertRow } from '../crud/index.js';
import type { ListSpec } from '../../db/list-spec.js';
import { nowTimestamp, outTimestamp } from '../../values/formats.js';
import { datesOf, maxDate, minDate } from '../../values/dates.js';
import { employeeCalendars } from '../../booking/working-day.repository.js';
import { isWorkingDay } from '../plannings/plan-amounts.js';
import { whereOverlaps, whereOwners, type PlanEntry, type PlanFilters } from '../plannings/plannings.repository.js';
import { PlanningType } from '../plannings/plannings.schemas.js';
import type { DefaultPlanningsTable } from '../plannings/plannings.tables.js';
import { DefaultPlanning, type DefaultPlanningT } from './default-plannings.schemas.js';

export type DefaultPlanningRow = Selectable<DefaultPlanningsTable>;
export type DefaultPlanningValues = Omit<
  Insertable<DefaultPlanningsTable>,
  'tenant_id' | 'id' | 'created' | 'modified'
>;

export const defaultPlanningListSpec: ListSpec = {
  key: ['id'],
  sortable: {
    id: 'id',
    employee_id: 'employee_id',
    project_id: 'project_id',
    kind: 'kind',
    planning: 'planning',
    start_date: 'start_date',
    end_date: 'end_date',
    note: { column: 'note', nullable: true },
    created: { column: 'created', nullable: true },
    modified: { column: 'modified', nullable: true },
  },
};

export const listDefaultPlannings = (db: TenantDb, f: PlanFilters) =>
  whereOverlaps(whereOwners(db, db.selectFrom('default_plannings').selectAll(), f), f);

export const findDefaultPlanning = (db: TenantDb, id: number) => findRow(db, 'default_plannings', 'id', id);

export const insertDefaultPlanning = (db: TenantDb, values: DefaultPlanningValues) =>
  insertRow(db, 'default_plannings', values);

export function updateDefaultPlanning(
  db: TenantDb,
  id: number,
  values: Partial<DefaultPlanningValues>,
): Promise<DefaultPlanningRow | undefined> {
  return db
    .updateTable('default_plannings')
    .set({ ...values, modified: nowTimestamp() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export const deleteDefaultPlanning = (db: TenantDb, id: number) => deleteRow(db, 'default_plannings', id);

export const toDefaultPlanning: (row: DefaultPlanningRow) => DefaultPlanningT = rowMapper(DefaultPlanning);

/** The id of a default planning's day: never a stored entry's number, the same on every request. */
export const defaultDayId = (defaultId: number, date: string) => `default-${defaultId}-${date.replaceAll('-', '')}`;

/** The default days of a window: counted per date, built as entries only for the dates asked for. */
export interface DefaultDays {
  /** How many default days fall on each date (dates without any are absent). */
  perDate: Map<string, number>;
  /** The entries of the dates `wanted` accepts (all without it), unordered. */
  entries(wanted?: (date: string) => boolean): PlanEntry[];
}

/**
 * The days the default plannings matching the filters add to [from, to]: working days of the employee inside the
 * period without an explicit entry of the employee for the project. `modified` narrows the defaults like the
 * list's modified_after/modified_before narrow stored entries. Counting needs every day's working-day check;
 * building the entries is left to `entries`, so a page builds only its own.
 */
export async function defaultDaysOf(
  db: TenantDb,
  f: PlanFilters & { date_from: string; date_to: string },
  modified: { after?: string | null; before?: string | null },
): Promise<DefaultDays> {
  let q = listDefaultPlannings(db, f);
  if (modified.after) q = q.where('modified', '>', modified.after);
  if (modified.before) q = q.where('modified', '<=', modified.before);
  const defaults = await q.execute();
  const perDate = new Map<string, number>();
  if (defaults.length === 0) return { perDate, entries: () => [] };
  const employees = [...new Set(defaults.map((d) => d.employee_id))];
  const projects = [...new Set(defaults.map((d) => Number(d.project_id)))];
  const [explicit, calendars] = await Promise.all([
    db
      .selectFrom('plannings')
      .select(['employee_id', 'project_id', 'date'])
      .distinct()
      .where('employee_id', 'in', employees)
      .where('project_id', 'in', projects)
      .where('date', '>=', f.date_from)
      .where('date', '<=', f.date_to)
      .execute(),
    employeeCalendars(db, employees, f.date_from, f.date_to),
  ]);
  // The explicit days per employee and project, and each employee's working days (asked once per date).
  const planned = new Map<string, Set<string>>();
  for (const e of explicit) {
    const key = `${e.employee_id}|${Number(e.project_id)}`;
    (planned.get(key) ?? planned.set(key, new Set()).get(key)!).add(e.date);
  }
  const working = new Map<string, Map<string, boolean>>();
  const days = defaults.map((d) => {
    const calendar = calendars.get(d.employee_id)!;
    const known = working.get(d.employee_id) ?? working.set(d.employee_id, new Map()).get(d.employee_id)!;
    const skip = planned.get(`${d.employee_id}|${Number(d.project_id)}`);
    const dates: string[] = [];
    for (const date of datesOf(maxDate(d.start_date, f.date_from), minDate(d.end_date, f.date_to))) {
      if (skip?.has(date)) continue;
      let works = known.get(date);
      if (works === undefined) known.set(date, (works = isWorkingDay(calendar, date)));
      if (!works) continue;
      dates.push(date);
      perDate.set(date, (perDate.get(date) ?? 0) + 1);
    }
    return { d, dates };
  });
  const entries = (wanted?: (date: string) => boolean) =>
    days.flatMap(({ d, dates }) => (wanted ? dates.filter(wanted) : dates).map((date) => defaultDay(d, date)));
  return { perDate, entries };
}

/** Every day the default plannings add to the window (plan versus actual). */
export const defaultDays = async (
  db: TenantDb,
  f: PlanFilters & { date_from: string; date_to: string },
  modified: { after?: string | null; before?: string | null },
): Promise<PlanEntry[]> => (await defaultDaysOf(db, f, modified)).entries();

/** A default planning's day, read like a stored entry of type project. */
function defaultDay(d: DefaultPlanningRow, date: string): PlanEntry {
  return {
    id: defaultDayId(Number(d.id), date),
    employee_id: d.employee_id,
    date,
    project_id: Number(d.project_id),
    project_task_id: null,
    ticket_id: null,
    subtask_id: null,
    type: PlanningType.Project,
    kind: Number(d.kind),
    planning: Number(d.planning),
    time_from: null,
    time_to: null,
    note: d.note,
    created: d.created,
    modified: d.modified,
    ...authorsOf(d),
  };
}
