// SQL for resource planning periods, scoped by tenant, and their planned hours: a page loads its projects'
// customers in one query and its employees' calendars (the one loader) in three.
import type { Insertable, Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import { deleteRow, findRow, insertRow } from '../crud/index.js';
import type { ListSpec } from '../../db/list-spec.js';
import { nowTimestamp, outTimestamp } from '../../values/formats.js';
import { datesOf, maxDate, minDate } from '../../values/dates.js';
import type { EmployeeCalendar } from '../../booking/calendar.js';
import { employeeCalendars } from '../../booking/working-day.repository.js';
import { isWorkingDay } from '../plannings/plan-amounts.js';
import { whereOverlaps, whereOwners, type PlanFilters } from '../plannings/plannings.repository.js';
import type { ResourcePlanningsTable } from '../plannings/plannings.tables.js';
import type { ResourcePlanningT } from './resource-plannings.schemas.js';
import { authorsOf } from '../../db/row-mapping.js';

export type ResourcePlanningRow = Selectable<ResourcePlanningsTable>;
export type ResourcePlanningValues = Omit<
  Insertable<ResourcePlanningsTable>,
  'tenant_id' | 'id' | 'created' | 'modified'
>;

const nullable = (column: string) => ({ column, nullable: true });
/** Default order (contract list rule 1): start date, employee, id. */
export const resourcePlanningListSpec: ListSpec = {
  key: ['employee_id', 'id'],
  defaultSort: 'start_date',
  sortable: {
    id: 'id',
    employee_id: 'employee_id',
    project_id: 'project_id',
    start_date: 'start_date',
    end_date: 'end_date',
    unit: 'unit',
    value: 'value',
    note: nullable('note'),
    created: nullable('created'),
    modified: nullable('modified'),
  },
};

export const listResourcePlannings = (db: TenantDb, f: PlanFilters) =>
  whereOverlaps(whereOwners(db, db.selectFrom('resource_plannings').selectAll(), f), f);

export const findResourcePlanning = (db: TenantDb, id: number) => findRow(db, 'resource_plannings', 'id', id);

export const insertResourcePlanning = (db: TenantDb, values: ResourcePlanningValues) =>
  insertRow(db, 'resource_plannings', values);

export function updateResourcePlanning(
  db: TenantDb,
  id: number,
  values: Partial<ResourcePlanningValues>,
): Promise<ResourcePlanningRow | undefined> {
  return db
    .updateTable('resource_plannings')
    .set({ ...values, modified: nowTimestamp() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export const deleteResourcePlanning = (db: TenantDb, id: number) => deleteRow(db, 'resource_plannings', id);

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * Planned hours of a period per month: on each working day of the employee (target > 0, no full-day holiday, no
 * approved full-day absence) the target hours that day (halved on half-day holidays, less half days and hours of
 * absences) × percent / 100, or the hours per day in the same proportion of the day's regular hours.
 */
export function plannedHours(
  calendar: EmployeeCalendar,
  p: Pick<ResourcePlanningRow, 'start_date' | 'end_date' | 'unit' | 'value'>,
) {
  const perMonth: Record<string, number> = {};
  let total = 0;
  for (const date of datesOf(p.start_date, p.end_date)) {
    const month = date.slice(0, 7);
    perMonth[month] ??= 0;
    if (!isWorkingDay(calendar, date)) continue;
    const target = calendar.targetOn(date);
    const hours =
      p.unit === 'percent'
        ? (target * Number(p.value)) / 100
        : (Number(p.value) * target) / calendar.scheduledHours(date);
    perMonth[month] += hours;
    total += hours;
  }
  for (const month of Object.keys(perMonth)) perMonth[month] = round(perMonth[month]);
  return { perMonth, total: round(total) };
}

export async function toResourcePlannings(db: TenantDb, rows: ResourcePlanningRow[]): Promise<ResourcePlanningT[]> {
  if (rows.length === 0) return [];
  const usernames = [...new Set(rows.map((r) => r.employee_id))];
  const projectIds = [...new Set(rows.map((r) => Number(r.project_id)))];
  const from = rows.reduce((d, r) => minDate(d, r.start_date), rows[0].start_date);
  const to = rows.reduce((d, r) => maxDate(d, r.end_date), rows[0].end_date);
  const [projects, calendars] = await Promise.all([
    db.selectFrom('projects').select(['id', 'customer_id']).where('id', 'in', projectIds).execute(),
    employeeCalendars(db, usernames, from, to),
  ]);
  const customerOf = new Map(projects.map((p) => [Number(p.id), p.customer_id]));
  return rows.map((r) => {
    const hours = plannedHours(calendars.get(r.employee_id)!, r);
    return {
      id: Number(r.id),
      employee_id: r.employee_id,
      project_id: Number(r.project_id),
      customer_number: customerOf.get(Number(r.project_id)) ?? null,
      start_date: r.start_date,
      end_date: r.end_date,
      unit: r.unit,
      value: Number(r.value),
      note: r.note,
      planned_hours_per_month: hours.perMonth,
      planned_hours_total: hours.total,
      created: outTimestamp(r.created),
      modified: outTimestamp(r.modified),
      ...authorsOf(r),
    };
  });
}
