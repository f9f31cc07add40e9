// Writing vehicle lists: one list a start date, each vehicle once in a list; a list is written with its vehicles in
// one transaction.
import type { Static } from '@sinclair/typebox';
import { ErrorBag } from '../../values/errors.js';
import { checkUnique, dateValues, deleteRow, findRow, insertRow, pick, updateRow } from '../crud/index.js';
import type { Scope } from '../../tenancy/scope.js';
import type { VehicleList, VehicleListWriteT } from './vehicles.schemas.js';
import { listVehicleLists, setVehicles, toVehicleLists, type VehicleListRow } from './vehicles.repository.js';

async function writeList(s: Scope, body: VehicleListWriteT, current?: VehicleListRow) {
  dateValues(body, ['start_date']);
  const errors = new ErrorBag();
  await checkUnique(s.db, errors, 'vehicle_lists', 'start_date', body.start_date, {
    exceptId: current ? Number(current.id) : undefined,
    words: 'start date of a vehicle list',
  });
  const codes = (body.vehicles ?? []).map((v) => v.id);
  if (new Set(codes).size !== codes.length) errors.add('vehicles', 'Each vehicle id may appear only once in a list.');
  errors.throwIfAny();
  return s.db.transaction(async (trx) => {
    const values = pick(body, ['start_date', 'name']);
    const row = current
      ? await updateRow(trx, 'vehicle_lists', Number(current.id), values)
      : await insertRow(trx, 'vehicle_lists', values);
    if (body.vehicles) await setVehicles(trx, Number(row.id), body.vehicles);
    return row;
  });
}

/** The vehicle lists as the CRUD kit (modules/crud) lists, reads and writes them: the detail with its vehicles. */
export const vehicleLists = {
  list: ({ db }: Scope) => listVehicleLists(db),
  listItems: ({ db }: Scope, rows: VehicleListRow[]) => toVehicleLists(db, rows, false),
  find: ({ db }: Scope, id: number) => findRow(db, 'vehicle_lists', 'id', id),
  show: async ({ db }: Scope, row: VehicleListRow) =>
    (await toVehicleLists(db, [row], true))[0] as Static<typeof VehicleList>,
  insert: (s: Scope, body: VehicleListWriteT) => writeList(s, body),
  update: (s: Scope, row: VehicleListRow, changes: VehicleListWriteT) => writeList(s, changes, row),
  remove: ({ db }: Scope, row: VehicleListRow) => deleteRow(db, 'vehicle_lists', Number(row.id)),
};
