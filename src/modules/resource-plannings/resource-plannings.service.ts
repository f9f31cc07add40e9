// Writing resource planning periods: the employee and the project exist, the period is ordered and at most five
// years long (its hours are computed day by day on every read), the value fits its unit.
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Scope } from '../../tenancy/scope.js';
import { planFiltersOf } from '../plannings/plannings.repository.js';
import { ErrorBag, notFound } from '../../values/errors.js';
import { daysIn } from '../../values/dates.js';
import { checkOwner } from '../plannings/plannings.service.js';
import type { ResourcePlanningBody } from './resource-plannings.schemas.js';
import {
  deleteResourcePlanning,
  findResourcePlanning,
  insertResourcePlanning,
  listResourcePlannings,
  toResourcePlannings,
  updateResourcePlanning,
  type ResourcePlanningRow,
  type ResourcePlanningValues,
} from './resource-plannings.repository.js';

const MAX_PERIOD_DAYS = 1827;
const MAX_VALUE: Record<string, number> = { percent: 1000, hours_per_day: 24 };

async function checked(
  db: TenantDb,
  body: ResourcePlanningBody,
  current?: ResourcePlanningRow,
): Promise<ResourcePlanningValues> {
  const v: ResourcePlanningValues = {
    employee_id: body.employee_id ?? current!.employee_id,
    project_id: body.project_id ?? Number(current!.project_id),
    start_date: body.start_date ?? current!.start_date,
    end_date: body.end_date ?? current!.end_date,
    unit: body.unit ?? current!.unit,
    value: body.value ?? Number(current!.value),
    note: body.note !== undefined ? body.note : (current?.note ?? null),
  };
  const errors = new ErrorBag();
  if (v.end_date < v.start_date) errors.add('end_date', 'The end date must be a date after or equal to start date.');
  else if (daysIn(v.start_date, v.end_date) > MAX_PERIOD_DAYS)
    errors.add('end_date', 'A resource planning period may span at most 5 years.');
  if (v.value > MAX_VALUE[v.unit])
    errors.add('value', `The value must not be greater than ${MAX_VALUE[v.unit]} (${v.unit}).`);
  await checkOwner(db, v.employee_id, v.project_id, errors);
  errors.throwIfAny();
  return v;
}

export const createResourcePlanning = async (db: TenantDb, body: ResourcePlanningBody) =>
  insertResourcePlanning(db, await checked(db, body));

export async function changeResourcePlanning(
  db: TenantDb,
  current: ResourcePlanningRow,
  body: ResourcePlanningBody,
): Promise<ResourcePlanningRow> {
  const row = await updateResourcePlanning(db, Number(current.id), await checked(db, body, current));
  if (!row) throw notFound('Resource planning');
  return row;
}

/** The resource plannings as the CRUD kit (modules/crud) lists, reads and writes them. */
export const resourcePlannings = {
  list: ({ db }: Scope, query: Record<string, unknown>) => listResourcePlannings(db, planFiltersOf(query)),
  find: ({ db }: Scope, id: number) => findResourcePlanning(db, id),
  show: async ({ db }: Scope, row: ResourcePlanningRow) => (await toResourcePlannings(db, [row]))[0],
  showMany: ({ db }: Scope, rows: ResourcePlanningRow[]) => toResourcePlannings(db, rows),
  insert: ({ db }: Scope, body: ResourcePlanningBody) => createResourcePlanning(db, body),
  update: ({ db }: Scope, row: ResourcePlanningRow, changes: ResourcePlanningBody) =>
    changeResourcePlanning(db, row, changes),
  remove: ({ db }: Scope, row: ResourcePlanningRow) => deleteResourcePlanning(db, Number(row.id)),
};
