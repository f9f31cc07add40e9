// Writing default plannings: the employee and the project exist, the period is ordered, hours fit a day.
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Scope } from '../../tenancy/scope.js';
import { planFiltersOf } from '../plannings/plannings.repository.js';
import { ErrorBag, notFound } from '../../values/errors.js';
import { checkOwner } from '../plannings/plannings.service.js';
import { PlanningKind } from '../plannings/plannings.schemas.js';
import type { DefaultPlanningBody } from './default-plannings.schemas.js';
import {
  deleteDefaultPlanning,
  findDefaultPlanning,
  insertDefaultPlanning,
  listDefaultPlannings,
  toDefaultPlanning,
  updateDefaultPlanning,
  type DefaultPlanningRow,
  type DefaultPlanningValues,
} from './default-plannings.repository.js';

/** The stored values of a body (over the stored row on PATCH), checked; 422 on every wrong field. */
async function checked(
  db: TenantDb,
  body: DefaultPlanningBody,
  current?: DefaultPlanningRow,
): Promise<DefaultPlanningValues> {
  const v: DefaultPlanningValues = {
    employee_id: body.employee_id ?? current!.employee_id,
    project_id: body.project_id ?? Number(current!.project_id),
    kind: body.kind ?? Number(current!.kind),
    planning: body.planning ?? Number(current!.planning),
    start_date: body.start_date ?? current!.start_date,
    end_date: body.end_date ?? current!.end_date,
    note: body.note !== undefined ? body.note : (current?.note ?? null),
  };
  const errors = new ErrorBag();
  if (v.end_date < v.start_date) errors.add('end_date', 'The end date must be a date after or equal to start date.');
  if (v.kind === PlanningKind.Hours && v.planning > 24)
    errors.add('planning', 'Hours on one day must not be greater than 24.');
  await checkOwner(db, v.employee_id, v.project_id, errors);
  errors.throwIfAny();
  return v;
}

export const createDefaultPlanning = async (db: TenantDb, body: DefaultPlanningBody) =>
  insertDefaultPlanning(db, await checked(db, body));

export async function changeDefaultPlanning(
  db: TenantDb,
  current: DefaultPlanningRow,
  body: DefaultPlanningBody,
): Promise<DefaultPlanningRow> {
  const row = await updateDefaultPlanning(db, Number(current.id), await checked(db, body, current));
  if (!row) throw notFound('Default planning');
  return row;
}

/** The default plannings as the CRUD kit (modules/crud) lists, reads and writes them. */
export const defaultPlannings = {
  list: ({ db }: Scope, query: Record<string, unknown>) => listDefaultPlannings(db, planFiltersOf(query)),
  find: ({ db }: Scope, id: number) => findDefaultPlanning(db, id),
  show: (_s: Scope, row: DefaultPlanningRow) => toDefaultPlanning(row),
  insert: ({ db }: Scope, body: DefaultPlanningBody) => createDefaultPlanning(db, body),
  update: ({ db }: Scope, row: DefaultPlanningRow, changes: DefaultPlanningBody) =>
    changeDefaultPlanning(db, row, changes),
  remove: ({ db }: Scope, row: DefaultPlanningRow) => deleteDefaultPlanning(db, Number(row.id)),
};
