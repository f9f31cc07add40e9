// The reports' SQL: the bookings of a window summed by the report's dimensions — and, when money is asked for, by
// what a booking's rate depends on (project, employee, activity and the stretch of days between two rate changes), so
// that a year of bookings arrives as one row per such combination instead of one per booking.
import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/dialect.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import { BILLED, ITEM_BILLED } from '../invoices/invoice-enums.js';
import type { InternalRateRow } from '../price-tables/booking-rates.js';
import type { Dimension } from './reports.schemas.js';

/** Which bookings a report sums. Unknown ids match nothing; `undefined` does not filter. */
export interface BookingFilters {
  start_date?: string;
  end_date?: string;
  employee_ids?: string[];
  department_ids?: number[];
  customer_numbers?: string[];
  project_ids?: number[];
  task_ids?: number[];
  activity_ids?: string[];
  billable?: boolean;
  billing_status?: number[];
  /** Only bookings on no billed invoice (docs/api/reports.md "Uninvoiced"). */
  uninvoiced?: boolean;
  /** The caller's rows (access/rows.ts: the request's listFilter). */
  rows?: (q: SelectQueryBuilder<any, any, any>) => SelectQueryBuilder<any, any, any>;
}

/** One summed row: the dimensions' values by name, and when valued the rate's inputs. */
export interface SummedRow {
  dims: Record<string, unknown>;
  project_id?: number;
  employee_id?: string;
  activity_id?: string;
  /** A day of the row's stretch without rate change (its first booking's). */
  sample?: string;
  hours: number;
  billable_hours: number;
  first_day: string;
  last_day: string;
}

/** The SQL of each dimension (day and week are summed by day; the week is taken from it). */
function dimensionSql(dimension: Dimension, dialect: Dialect): Expression<unknown> {
  switch (dimension) {
    case 'customer':
      return sql.ref('p.customer_id');
    case 'project':
      return sql.ref('a.project_id');
    case 'task':
      return sql.ref('a.project_task_id');
    case 'activity':
      return sql.ref('a.activity_id');
    case 'employee':
      return sql.ref('a.employee_id');
    case 'department':
      return sql.ref('e.department_id');
    case 'day':
    case 'week':
      return sql.ref('a.date');
    case 'month':
      return dialect === 'postgres' ? sql`to_char(a.date, 'YYYY-MM')` : sql`substr(a.date, 1, 7)`;
    case 'billable':
      return sql.ref('a.billable');
  }
}

const none = <T>(values: T[], empty: T): T[] => (values.length ? values : [empty]);

/**
 * Sum the bookings by `dimensions`, and by project, employee, activity and rate stretch when `valued`:
 * `changes` are the days a rate may change on (a stretch runs from one to the next).
 */
export async function sumBookings(
  db: TenantDb,
  dialect: Dialect,
  f: BookingFilters,
  dimensions: readonly Dimension[],
  valued: { changes: readonly string[] } | null,
): Promise<SummedRow[]> {
  const needsProject = dimensions.includes('customer') || f.customer_numbers !== undefined;
  const needsEmployee = dimensions.includes('department') || f.department_ids !== undefined;
  let q = db.selectFrom('attendances as a') as unknown as SelectQueryBuilder<any, any, any>;
  if (f.rows) q = f.rows(q);
  if (needsProject)
    q = q.innerJoin('projects as p', (j) =>
      j.onRef('p.tenant_id', '=', 'a.tenant_id').onRef('p.id', '=', 'a.project_id'),
    );
  if (needsEmployee)
    q = q.innerJoin('employees as e', (j) =>
      j.onRef('e.tenant_id', '=', 'a.tenant_id').onRef('e.username', '=', 'a.employee_id'),
    );
  // BETWEEN, not two comparisons (plannings/plan-vs-actual.ts): SQLite then prefers a narrower index when there is one.
  if (f.start_date !== undefined && f.end_date !== undefined)
    q = q.where((eb) => eb.between('a.date', f.start_date!, f.end_date!));
  else if (f.end_date !== undefined) q = q.where('a.date', '<=', f.end_date);
  else if (f.start_date !== undefined) q = q.where('a.date', '>=', f.start_date);
  if (f.employee_ids !== undefined) q = q.where('a.employee_id', 'in', none(f.employee_ids, ''));
  if (f.project_ids !== undefined) q = q.where('a.project_id', 'in', none(f.project_ids, 0));
  if (f.task_ids !== undefined) q = q.where('a.project_task_id', 'in', none(f.task_ids, 0));
  if (f.activity_ids !== undefined) q = q.where('a.activity_id', 'in', none(f.activity_ids, ''));
  if (f.customer_numbers !== undefined) q = q.where('p.customer_id', 'in', none(f.customer_numbers, ''));
  if (f.department_ids !== undefined) q = q.where('e.department_id', 'in', none(f.department_ids, 0));
  // The column itself as the condition: BOOLEAN on PostgreSQL, 0/1 on SQLite.
  if (f.billable !== undefined) q = q.where(f.billable ? sql<SqlBool>`a.billable` : sql<SqlBool>`not a.billable`);
  if (f.billing_status !== undefined) {
    const statuses = none(f.billing_status, -1);
    q = q.where((eb) =>
      statuses.includes(0)
        ? eb.or([eb('a.project_release', 'in', statuses), eb('a.project_release', 'is', null)])
        : eb('a.project_release', 'in', statuses),
    );
  }
  if (f.uninvoiced) q = q.where((eb) => eb.not(eb.exists(billedItem(db, eb))));

  const groups: Expression<unknown>[] = dimensions
    .filter((d, i) => !(d === 'week' && dimensions.includes('day')) && dimensions.indexOf(d) === i)
    .map((d) => dimensionSql(d, dialect));
  const dimSelect = dimensions.map((d) => sql`${dimensionSql(d, dialect)}`.as(`d_${d}`));
  let out = q
    .select(dimSelect)
    .select([
      sql<number>`sum(a.duration)`.as('hours'),
      sql<number>`sum(case when a.billable then a.duration else 0 end)`.as('billable_hours'),
      sql<string>`min(a.date)`.as('first_day'),
      sql<string>`max(a.date)`.as('last_day'),
    ]);
  if (valued) {
    const stretch = stretchSql(valued.changes);
    out = out.select(['a.project_id', 'a.employee_id', 'a.activity_id']).select(stretch.as('stretch'));
    groups.push(sql.ref('a.project_id'), sql.ref('a.employee_id'), sql.ref('a.activity_id'));
    // A constant is no grouping (and GROUP BY 0 would name a column by position).
    if (valued.changes.length) groups.push(stretch);
  }
  if (groups.length) out = out.groupBy(groups as any);
  const rows = (await out.execute()) as Record<string, any>[];
  return rows.map((r) => ({
    dims: Object.fromEntries(dimensions.map((d) => [d, r[`d_${d}`]])),
    ...(valued
      ? {
          project_id: Number(r.project_id),
          employee_id: String(r.employee_id),
          activity_id: String(r.activity_id),
          sample: day(r.first_day),
        }
      : {}),
    hours: Number(r.hours ?? 0),
    billable_hours: Number(r.billable_hours ?? 0),
    first_day: day(r.first_day),
    last_day: day(r.last_day),
  }));
}

/** A DATE as YYYY-MM-DD, whatever form the driver hands it in. */
export const day = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);

/** The index of the stretch a booking's day falls in: how many rate changes lie on or before it. */
function stretchSql(changes: readonly string[]): RawBuilder<number> {
  const sorted = [...new Set(changes)].sort().reverse();
  if (sorted.length === 0) return sql<number>`0`;
  // Literals, not parameters: PostgreSQL matches a grouped expression to the selected one only when they are the same
  // text. The days come from the database's own DATE columns (YYYY-MM-DD).
  const whens = sorted
    .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))
    .map((d, i) => sql`when a.date >= ${sql.lit(d)} then ${sql.lit(sorted.length - i)}`);
  return sql<number>`case ${sql.join(whens, sql` `)} else 0 end`;
}

/** The booking's invoice item is billed, or on a billed invoice (modules/invoices/billing.service.ts). */
function billedItem(db: TenantDb, eb: any) {
  return eb
    .selectFrom('invoice_items as ii')
    .leftJoin('invoices as iv', (j: any) =>
      j.onRef('iv.tenant_id', '=', 'ii.tenant_id').onRef('iv.id', '=', 'ii.invoice_id'),
    )
    .select(sql`1`.as('one'))
    .where('ii.tenant_id', '=', db.tenantId)
    .whereRef('ii.id', '=', 'a.invoice_item_id')
    .where((w: any) => w.or([w('ii.status', '=', ITEM_BILLED), w('iv.status', '=', BILLED)]) as Expression<SqlBool>);
}

/** The days on which a price table or an internal rate of the tenant starts, inside the window. */
export async function rateChanges(db: TenantDb, from: string | undefined, to: string | undefined): Promise<string[]> {
  const [tables, rates] = await Promise.all([
    db.selectFrom('price_tables').select('start_date').distinct().where('start_date', 'is not', null).execute(),
    db.selectFrom('internal_rates').select('start_date').distinct().execute(),
  ]);
  return [...tables, ...rates]
    .map((r) => day(r.start_date))
    .filter((d) => (from === undefined || d > from) && (to === undefined || d <= to));
}

/** Projects by id: name, customer, window and budget. */
export async function projectsById(db: TenantDb, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, ProjectFacts>();
  const rows = await db
    .selectFrom('projects')
    .select(['id', 'name', 'customer_id', 'start_date', 'end_date', 'plan_hours', 'plan_wage'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        name: r.name,
        customer_id: r.customer_id,
        start_date: r.start_date === null ? null : day(r.start_date),
        end_date: r.end_date === null ? null : day(r.end_date),
        plan_hours: r.plan_hours === null ? null : Number(r.plan_hours),
        plan_wage: r.plan_wage === null ? null : Number(r.plan_wage),
      },
    ]),
  );
}
export interface ProjectFacts {
  id: number;
  name: string;
  customer_id: string | null;
  start_date: string | null;
  end_date: string | null;
  plan_hours: number | null;
  plan_wage: number | null;
}

/** Employees by username: price group and department. */
export async function employeesByName(db: TenantDb, names: readonly string[]) {
  if (names.length === 0) return new Map<string, { price_group: string | null; department_id: number | null }>();
  const rows = await db
    .selectFrom('employees')
    .select(['username', 'price_group', 'department_id'])
    .where('username', 'in', [...names])
    .execute();
  return new Map(
    rows.map((r) => [
      r.username,
      { price_group: r.price_group, department_id: r.department_id === null ? null : Number(r.department_id) },
    ]),
  );
}

/** The employees' internal rates, by username. */
export async function internalRatesOf(db: TenantDb, names: readonly string[]) {
  const out = new Map<string, InternalRateRow[]>();
  if (names.length === 0) return out;
  const rows = await db
    .selectFrom('internal_rates')
    .select(['employee_id', 'start_date', 'internal_rate', 'rate_type'])
    .where('employee_id', 'in', [...names])
    .execute();
  for (const r of rows) {
    const list = out.get(r.employee_id) ?? out.set(r.employee_id, []).get(r.employee_id)!;
    list.push({
      start_date: day(r.start_date),
      internal_rate: Number(r.internal_rate),
      rate_type: Number(r.rate_type),
    });
  }
  return out;
}

/** The projects (ids) that match the customer and project filters, for reports listed by project. */
export async function projectIdsOf(db: TenantDb, f: Pick<BookingFilters, 'customer_numbers' | 'project_ids'>) {
  let q = db.selectFrom('projects').select('id');
  if (f.project_ids !== undefined) q = q.where('id', 'in', none(f.project_ids, 0));
  if (f.customer_numbers !== undefined) q = q.where('customer_id', 'in', none(f.customer_numbers, ''));
  return (await q.execute()).map((r) => Number(r.id));
}
