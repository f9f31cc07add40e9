// GET /devices[/{id}] (terminals, docs/api/people.md: list has employees_count/categories_count, detail has
// employees[] and categories[]), POST, PATCH/PUT, DELETE (additive).
import type { ZkApp } from '../../types.js';
import { inTime } from '../../values/formats.js';
import { deleteRow, findRow, insertRow, pick, resourceRoutes, updateRow } from '../crud/index.js';
import { type Scope } from '../../tenancy/scope.js';
import { clearCategories, resolveCategoryIds, setCategories } from '../categories/category-links.repository.js';
import { hashPassword } from '../employees/password.js';
import {
  Device,
  DeviceCreate,
  DeviceListItem,
  DeviceListQuery,
  DeviceUpdate,
  type DeviceWriteT,
} from './devices.schemas.js';
import {
  deviceListSpec,
  listDevices,
  resolveDeviceEmployees,
  setDeviceEmployees,
  toDevice,
  toDeviceListItems,
  type DeviceRow,
} from './devices.repository.js';
import { categoryDerivations } from '../categories/categories.records.js';

async function write(s: Scope, body: DeviceWriteT, current?: DeviceRow) {
  let employees: Awaited<ReturnType<typeof resolveDeviceEmployees>> | undefined =
    body.employees === null ? [] : undefined;
  if (body.employees != null) employees = await resolveDeviceEmployees(s.db, body.employees);
  let categories: number[] | undefined = body.categories === null ? [] : undefined;
  if (body.categories != null)
    categories = await resolveCategoryIds(
      s.db,
      body.categories.map((c) => (typeof c === 'string' ? c : c.name)),
    );
  const values: Record<string, unknown> = pick(body, ['name', 'type', 'status', 'track']);
  for (const f of ['min_time', 'max_time'] as const)
    if (body[f] !== undefined) values[f] = body[f] === null ? null : inTime(body[f]!);
  if (body.display_config !== undefined)
    values.display_config = body.display_config === null ? null : JSON.stringify(body.display_config);
  if (body.password !== undefined)
    values.password_hash = body.password === null || body.password === '' ? null : await hashPassword(body.password);
  return s.db.transaction(async (trx) => {
    const row = current
      ? await updateRow(trx, 'devices', Number(current.id), values)
      : await insertRow(trx, 'devices', values);
    if (employees) await setDeviceEmployees(trx, Number(row.id), employees);
    if (categories) await setCategories(trx, 'device', Number(row.id), categories);
    return row;
  });
}

export default async function deviceRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Device',
    plural: 'devices (terminals)',
    tags: ['Devices'],
    path: '/devices',
    records: {
      table: 'devices',
      internal: ['password_hash'],
      derivations: [...categoryDerivations('device'), { table: 'device_employees', match: { id: 'device_id' } }],
    },
    resource: Device,
    repository: {
      list: (s, q) => listDevices(s.db, q),
      listItems: (s, rows) => toDeviceListItems(s.db, rows),
      find: (s, id) => findRow(s.db, 'devices', 'id', id),
      show: (s, row) => toDevice(s.db, row),
      insert: (s, body) => write(s, body),
      update: (s, row, body) => write(s, body, row),
      remove: async (s, row) => {
        await s.db.transaction(async (trx) => {
          await clearCategories(trx, 'device', Number(row.id));
          await deleteRow(trx, 'devices', Number(row.id));
        });
      },
    },
    listItem: DeviceListItem,
    list: { query: DeviceListQuery, spec: { ...deviceListSpec, modified: 'modified' } },
    create: { body: DeviceCreate },
    update: { body: DeviceUpdate },
  });
}
