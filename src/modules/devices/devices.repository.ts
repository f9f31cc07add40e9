// SQL for terminals (devices) and their employees; every query is scoped by tenant.
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { DevicesTable } from './devices.tables.js';
import type { ListSpec } from '../../db/list-spec.js';
import { fromJson, outTime } from '../../values/formats.js';
import { countLinks, DEVICE_EMPLOYEES, replaceLinks, resolveExisting } from '../crud/index.js';
import { countCategories, loadCategories } from '../categories/category-links.repository.js';
import { authorsOf } from '../../db/row-mapping.js';

export type DeviceRow = Selectable<DevicesTable>;

export const deviceListSpec: ListSpec = {
  key: ['id'],
  unsortable: { password: 'write-only: stored as a hash and never returned' },
  sortable: { id: 'id', name: 'name', type: 'type', status: 'status' },
};

export function listDevices(db: TenantDb, f: { type?: number; status?: number }) {
  let q = db.selectFrom('devices').selectAll();
  if (f.type !== undefined) q = q.where('type', '=', f.type);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  return q;
}

const base = (r: DeviceRow) => ({
  id: Number(r.id),
  type: Number(r.type),
  status: Number(r.status),
  name: r.name,
  password: null,
  min_time: outTime(r.min_time),
  max_time: outTime(r.max_time),
  track: Number(r.track),
  display_config: fromJson<Record<string, unknown> | null>(r.display_config, null),
  ...authorsOf(r),
});

async function deviceEmployees(db: TenantDb, ids: number[]) {
  return ids.length
    ? db
        .selectFrom('device_employees')
        .select(['device_id', 'employee_id'])
        .where('device_id', 'in', ids)
        .orderBy('employee_id')
        .execute()
    : [];
}

export async function toDeviceListItems(db: TenantDb, rows: DeviceRow[]) {
  const ids = rows.map((r) => Number(r.id));
  const [employees, categories] = await Promise.all([
    countLinks(db, DEVICE_EMPLOYEES, ids),
    countCategories(db, 'device', ids),
  ]);
  return rows.map((r) => ({
    ...base(r),
    employees_count: employees.get(Number(r.id)) ?? 0,
    categories_count: categories.get(Number(r.id)) ?? 0,
  }));
}

export async function toDevice(db: TenantDb, row: DeviceRow) {
  const [employees, categories] = await Promise.all([
    deviceEmployees(db, [Number(row.id)]),
    loadCategories(db, 'device', [Number(row.id)]),
  ]);
  return {
    ...base(row),
    employees: employees.map((e) => ({ employee_id: e.employee_id })),
    categories: categories.get(Number(row.id)) ?? [],
  };
}

/** Usernames of a request's `employees`; unknown ones answer 422 on `employees`. */
export const resolveDeviceEmployees = (db: TenantDb, input: readonly (string | { employee_id: string })[]) =>
  resolveExisting(
    db,
    'employees',
    'username',
    input.map((e) => (typeof e === 'string' ? e : e.employee_id)),
    'employees',
  );

export const setDeviceEmployees = (db: TenantDb, deviceId: number, usernames: readonly string[]) =>
  replaceLinks(db, DEVICE_EMPLOYEES, deviceId, usernames);
