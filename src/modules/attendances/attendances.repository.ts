// SQL for attendances; every query is scoped by tenant.
import type { Insertable, Selectable } from 'kysely';
import type { AttendancesTable } from './attendances.tables.js';
import type { Tenant } from '../../tenancy/tenants.js';
import type { ListSpec } from '../../db/list-spec.js';
import { rowMapper } from '../../db/row-mapping.js';
import { outDate } from '../../values/formats.js';
import { Attendance, type AttendanceT } from './attendances.schemas.js';
import type { TenantDb, TenantInsert } from '../../db/tenant-scope.js';

/** The columns a response or a rule reads: all but tenant_id and the derived start_at/end_at. */
const COLUMNS = [
  'id',
  'employee_id',
  'date',
  'time_from',
  'time_to',
  'end_date',
  'duration',
  'note',
  'issue_id',
  'department_id',
  'project_release',
  'project_released_at',
  'project_released_by',
  'billable',
  'work_location_id',
  'activity_id',
  'start',
  'destination',
  'vehicle_id',
  'private',
  'passengers',
  'km',
  'direction_of_travel',
  'project_id',
  'project_task_id',
  'invoice_item_id',
  'ticket_id',
  'subtask_id',
  'work_location_is_project_relevant',
  'locked',
  'is_travel',
  'color',
  'created',
  'modified',
  'created_by',
  'modified_by',
] as const satisfies readonly (keyof AttendancesTable)[];

export type AttendanceRow = Pick<Selectable<AttendancesTable>, (typeof COLUMNS)[number]>;

/**
 * Sortable: the key, the writable fields, created and modified. id, date, employee_id, project_id, created and
 * modified are indexed; other fields sort the tenant's matching rows in memory.
 */
export const attendanceListSpec: ListSpec = {
  key: ['id'],
  sortable: {
    id: 'id',
    date: 'date',
    from: 'time_from',
    to: 'time_to',
    employee_id: 'employee_id',
    duration: 'duration',
    project_id: 'project_id',
    project_task_id: 'project_task_id',
    activity_id: 'activity_id',
    billable: 'billable',
  },
};

export interface AttendanceFilters {
  start_date?: string;
  end_date?: string;
  employee_id?: string;
  project_id?: number;
  ticket_id?: number;
}

export function listAttendances(db: TenantDb, f: AttendanceFilters) {
  let q = db.selectFrom('attendances').select(COLUMNS);
  if (f.employee_id !== undefined) q = q.where('employee_id', '=', f.employee_id);
  if (f.project_id !== undefined) q = q.where('project_id', '=', f.project_id);
  if (f.ticket_id !== undefined) q = q.where('ticket_id', '=', f.ticket_id);
  if (f.start_date !== undefined) q = q.where('date', '>=', f.start_date);
  if (f.end_date !== undefined) q = q.where('date', '<=', f.end_date);
  return q;
}

export const findAttendance = (db: TenantDb, id: number) =>
  db.selectFrom('attendances').select(COLUMNS).where('id', '=', id).executeTakeFirst();

export async function insertAttendance(db: TenantDb, values: TenantInsert<'attendances'>): Promise<AttendanceRow> {
  return db.insertInto('attendances', values).returning(COLUMNS).executeTakeFirstOrThrow();
}

export async function updateAttendance(
  db: TenantDb,
  id: number,
  values: Partial<Insertable<AttendancesTable>>,
): Promise<AttendanceRow> {
  return db.updateTable('attendances').set(values).where('id', '=', id).returning(COLUMNS).executeTakeFirstOrThrow();
}

export const deleteAttendance = (db: TenantDb, id: number) =>
  db.deleteFrom('attendances').where('id', '=', id).execute();

/** Row -> contract shape; module-gated fields are absent when the module is off. */
export const toAttendance: (row: AttendanceRow, tenant: Pick<Tenant, 'modules' | 'language'>) => AttendanceT =
  rowMapper(Attendance, {
    columns: { from: 'time_from', to: 'time_to' },
    convert: { date: outDate },
    // Never released: the state the contract names "unchanged" (id 0), not null.
    labels: { project_release: { set: 'project_release', ifNull: 0 }, direction_of_travel: 'direction_of_travel' },
    gates: {
      issue_id: 'ticket_extension',
      department_id: 'departments',
      project_release: 'project_release',
      project_released_at: 'project_release',
      project_released_by: 'project_release',
    },
  });
