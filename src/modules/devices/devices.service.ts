// Writing devices: employees and categories named by the body exist in the tenant, times and the display config are
// stored in their formats, a password only as its hash; a device is written and deleted with its links in one
// transaction.
import { inTime } from '../../values/formats.js';
import { deleteRow, findRow, insertRow, pick, updateRow } from '../crud/index.js';
import type { Scope } from '../../tenancy/scope.js';
import { clearCategories, resolveCategoryIds, setCategories } from '../categories/category-links.repository.js';
import { hashPassword } from '../employees/password.js';
import type { DeviceWriteT } from './devices.schemas.js';
import {
  listDevices,
  resolveDeviceEmployees,
  setDeviceEmployees,
  toDevice,
  toDeviceListItems,
  type DeviceRow,
} from './devices.repository.js';

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

/** The devices as the CRUD kit (modules/crud) lists, reads and writes them. */
export const devices = {
  list: ({ db }: Scope, query: { type?: number; status?: number }) => listDevices(db, query),
  listItems: ({ db }: Scope, rows: DeviceRow[]) => toDeviceListItems(db, rows),
  find: ({ db }: Scope, id: number) => findRow(db, 'devices', 'id', id),
  show: ({ db }: Scope, row: DeviceRow) => toDevice(db, row),
  insert: (s: Scope, body: DeviceWriteT) => write(s, body),
  update: (s: Scope, row: DeviceRow, changes: DeviceWriteT) => write(s, changes, row),
  remove: async ({ db }: Scope, row: DeviceRow) => {
    await db.transaction(async (trx) => {
      await clearCategories(trx, 'device', Number(row.id));
      await deleteRow(trx, 'devices', Number(row.id));
    });
  },
};
