// SQL for planning entries, scoped by tenant, and the read shape: a page loads its employees, projects, customers
// and the employees' calendars (the one loader) once, whatever its length.
import type { Insertable, Selectable, SelectQueryBuilder } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { ListSpec } from '../../db/list-spec.js';
import { nowTimestamp, outOffsetTimestamp } from '../../values/formats.js';
import { employeeCalendars } from '../../booking/working-day.repository.js';
import { maxDate, minDate } from '../../values/dates.js';
import { convert, dailyTarget, isWorkingDay } from './plan-amounts.js';
import type { PlanningsTable } from './plannings.tables.js';
import { PlanningKind, type PlanningT } from './plannings.schemas.js';
import { authorsOf } from '../../db/row-mapping.js';

export type PlanningRow = Selectable<PlanningsTable>;
export type PlanningValues = Omit<Insertable<PlanningsTable>, 'tenant_id' | 'id' | 'created' | 'modified'>;

/** A planning entry as the read shape needs it: a stored row, or a day of a default planning (string id). */
export type PlanEntry = Omit<PlanningRow, 'id' | 'tenant_id'> & { id: string };

/** GET /plannings keeps date order (contract, list rule 3): date, employee, id; orderBy is ignored. */
export const planningListSpec: ListSpec = {
  key: ['id'],
  sortable: {},
  fixedOrder: [
    { column: 'date', direction: 'asc' },
    { column: 'employee_id', direction: 'asc' },
    { column: 'id', direction: 'asc' },
  ],
};

export interface PlanFilters {
  date_from?: string;
  date_to?: string;
  employee_ids?: string[];
  project_ids?: number[];
  customer_numbers?: string[];
  /** The caller's rows (access/rows.ts, the request's listFilter) on lists that listResponse does not page. */
  rows?: (q: SelectQueryBuilder<any, any, any>) => SelectQueryBuilder<any, any, any>;
}

/** The filters every plan list shares, from its query. */
export function planFiltersOf(query: Record<string, unknown>): PlanFilters {
  return {
    date_from: query.date_from as string | undefined,
    date_to: query.date_to as string | undefined,
    employee_ids: query['employee_ids[]'] as string[] | undefined,
    project_ids: query['project_ids[]'] as number[] | undefined,
    customer_numbers: query['customer_numbers[]'] as string[] | undefined,
  };
}

/** employee_ids[], project_ids[], customer_numbers[] on any plan table (employee_id, project_id): unknown ids match nothing. */
export function whereOwners<Q extends SelectQueryBuilder<any, any, any>>(db: TenantDb, q: Q, f: PlanFilters): Q {
  let out = q as SelectQueryBuilder<any, any, any>;
  if (f.rows) out = f.rows(out);
  if (f.employee_ids !== undefined) out = out.where('employee_id', 'in', f.employee_ids.length ? f.employee_ids : ['']);
  if (f.project_ids !== undefined) out = out.where('project_id', 'in', f.project_ids.length ? f.project_ids : [0]);
  if (f.customer_numbers !== undefined) {
    const numbers = f.customer_numbers.length ? f.customer_numbers : [''];
    out = out.where('project_id', 'in', (eb: any) =>
      eb.selectFrom('projects').select('id').where('tenant_id', '=', db.tenantId).where('customer_id', 'in', numbers),
    );
  }
  return out as Q;
}

/** Periods (start_date … end_date) that overlap the window of the filters. */
export function whereOverlaps<Q extends SelectQueryBuilder<any, any, any>>(q: Q, f: PlanFilters): Q {
  let out = q as SelectQueryBuilder<any, any, any>;
  if (f.date_from !== undefined) out = out.where('end_date', '>=', f.date_from);
  if (f.date_to !== undefined) out = out.where('start_date', '<=', f.date_to);
  return out as Q;
}

export function listPlannings(db: TenantDb, f: PlanFilters) {
  let q = db.selectFrom('plannings').selectAll();
  // A whole window as BETWEEN: SQLite (no statistics) then prefers (project, date) or (employee, date) when those
  // filters come too, instead of walking the window by date alone.
  if (f.date_from !== undefined && f.date_to !== undefined)
    q = q.where((eb) => eb.between('date', f.date_from!, f.date_to!));
  else if (f.date_from !== undefined) q = q.where('date', '>=', f.date_from);
  else if (f.date_to !== undefined) q = q.where('date', '<=', f.date_to);
  return whereOwners(db, q, f);
}

export const findPlanning = (db: TenantDb, id: number) =>
  db.selectFrom('plannings').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertPlannings(db: TenantDb, values: PlanningValues[]): Promise<PlanningRow[]> {
  const now = nowTimestamp();
  return db
    .insertInto(
      'plannings',
      values.map((v) => ({ ...v, created: now, modified: now })),
    )
    .returningAll()
    .execute();
}

/** The updated row; undefined when it was deleted meanwhile. */
export function updatePlanning(
  db: TenantDb,
  id: number,
  values: Partial<PlanningValues>,
): Promise<PlanningRow | undefined> {
  return db
    .updateTable('plannings')
    .set({ ...values, modified: nowTimestamp() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deletePlanning(db: TenantDb, id: number): Promise<void> {
  await db.deleteFrom('plannings').where('id', '=', id).execute();
}

export const storedEntry = (row: PlanningRow): PlanEntry => ({
  ...row,
  id: String(row.id),
  project_id: Number(row.project_id),
  project_task_id: row.project_task_id === null ? null : Number(row.project_task_id),
  ticket_id: row.ticket_id === null ? null : Number(row.ticket_id),
  subtask_id: row.subtask_id === null ? null : Number(row.subtask_id),
  type: Number(row.type),
  kind: Number(row.kind),
  planning: row.planning === null ? null : Number(row.planning),
});

const KIND_DETAILS = {
  [PlanningKind.Percentage]: { type: 'percentage', unit: 'percent' },
  [PlanningKind.Hours]: { type: 'hours', unit: 'hours' },
  [PlanningKind.Day]: { type: 'day', unit: 'days' },
  [PlanningKind.TimeRange]: { type: 'time_range', unit: 'hours' },
} as const;

const dateTime = (date: string, time: string | null) => (time === null ? null : `${date}T${time.slice(0, 8)}.000000Z`);

/** The read shape of a page of entries: employees, projects and customers in one query each, calendars in three. */
export async function toPlannings(db: TenantDb, entries: PlanEntry[]): Promise<PlanningT[]> {
  if (entries.length === 0) return [];
  const usernames = [...new Set(entries.map((e) => e.employee_id))];
  const projectIds = [...new Set(entries.map((e) => e.project_id))];
  const from = entries.reduce((d, e) => minDate(d, e.date), entries[0].date);
  const to = entries.reduce((d, e) => maxDate(d, e.date), entries[0].date);
  const [employees, projects, calendars] = await Promise.all([
    db
      .selectFrom('employees')
      .select(['username', 'firstname', 'lastname', 'email'])
      .where('username', 'in', usernames)
      .execute(),
    db.selectFrom('projects').select(['id', 'name', 'customer_id']).where('id', 'in', projectIds).execute(),
    employeeCalendars(db, usernames, from, to),
  ]);
  const customerNumbers = [...new Set(projects.map((p) => p.customer_id).filter((c): c is string => c !== null))];
  const customers = customerNumbers.length
    ? await db
        .selectFrom('customers')
        .select(['customer_number', 'name'])
        .where('customer_number', 'in', customerNumbers)
        .execute()
    : [];
  const employeeBy = new Map(employees.map((e) => [e.username, e]));
  const projectBy = new Map(projects.map((p) => [Number(p.id), p]));
  const customerBy = new Map(customers.map((c) => [c.customer_number, c]));
  return entries.map((e) => {
    const calendar = calendars.get(e.employee_id)!;
    const amounts = convert(e, dailyTarget(calendar, e.date));
    const employee = employeeBy.get(e.employee_id)!;
    const project = projectBy.get(e.project_id)!;
    const customer = project.customer_id === null ? undefined : customerBy.get(project.customer_id);
    const details = KIND_DETAILS[e.kind as keyof typeof KIND_DETAILS];
    const from_time = dateTime(e.date, e.time_from);
    const to_time = dateTime(e.date, e.time_to);
    return {
      id: e.id,
      date: e.date,
      employee_id: e.employee_id,
      project_id: e.project_id,
      project_task_id: e.project_task_id,
      ticket_id: e.ticket_id,
      subtask_id: e.subtask_id,
      customer_number: customer?.customer_number ?? null,
      type: e.type,
      kind: e.kind,
      planning: e.kind === PlanningKind.TimeRange ? null : e.planning,
      from: from_time,
      to: to_time,
      planning_in_hours: amounts.hours,
      planning_in_days: amounts.days,
      planning_in_percent: amounts.percent,
      working_day: isWorkingDay(calendar, e.date) ? 1 : 0,
      note: e.note,
      created_at: outOffsetTimestamp(e.created),
      updated_at: outOffsetTimestamp(e.modified),
      ...authorsOf(e),
      planning_details: {
        type: details.type,
        value: e.kind === PlanningKind.TimeRange ? amounts.hours : e.planning,
        unit: details.unit,
        effective_hours: amounts.hours,
        from_time,
        to_time,
      },
      employee: {
        username: employee.username,
        firstname: employee.firstname,
        lastname: employee.lastname,
        email: employee.email,
      },
      project: { id: Number(project.id), name: project.name },
      customer: customer ? { customer_number: customer.customer_number, name: customer.name } : null,
    };
  });
}

/** The employee and the project a plan names, each undefined when the tenant has none such. */
export function findOwner(db: TenantDb, employee: string, projectId: number) {
  return Promise.all([
    db.selectFrom('employees').select('username').where('username', '=', employee).executeTakeFirst(),
    db.selectFrom('projects').select('id').where('id', '=', projectId).executeTakeFirst(),
  ]);
}

/** The project of the plan's task and ticket, and the ticket and project of its subtask (undefined: none named, or none such). */
export function findItems(db: TenantDb, v: Pick<PlanningValues, 'project_task_id' | 'ticket_id' | 'subtask_id'>) {
  return Promise.all([
    v.project_task_id == null
      ? undefined
      : db.selectFrom('project_tasks').select('project_id').where('id', '=', v.project_task_id).executeTakeFirst(),
    v.ticket_id == null
      ? undefined
      : db.selectFrom('tickets').select('project_id').where('id', '=', v.ticket_id).executeTakeFirst(),
    v.subtask_id == null
      ? undefined
      : db
          .selectFrom('ticket_subtasks as s')
          .innerJoin('tickets as t', (j) =>
            j.onRef('t.tenant_id', '=', 's.tenant_id').onRef('t.id', '=', 's.ticket_id'),
          )
          .select(['s.ticket_id', 't.project_id'])
          .where('s.id', '=', v.subtask_id)
          .executeTakeFirst(),
  ]);
}
