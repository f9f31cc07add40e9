// GET /vehicles?date=&limit= (contract: read-only, paginated, not on the clock edition) and the operators'
// dated lists: GET/POST /vehicle-lists, GET/PATCH/PUT/DELETE /vehicle-lists/{id} (additive admin endpoints).
import type { Static } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { Paginated, responses } from '../../http/schemas.js';
import { ErrorBag } from '../../values/errors.js';
import { today } from '../../values/formats.js';
import { listResponse } from '../../http/list/index.js';
import {
  checkUnique,
  dateValues,
  deleteRow,
  findRow,
  insertRow,
  pick,
  resourceRoutes,
  scopeOf,
  updateRow,
} from '../crud/index.js';
import { type Scope } from '../../tenancy/scope.js';
import {
  Vehicle,
  VehicleList,
  VehicleListCreate,
  VehicleListItem,
  VehicleListUpdate,
  VehicleQuery,
  type VehicleListWriteT,
} from './vehicles.schemas.js';
import {
  listVehicleLists,
  setVehicles,
  toVehicle,
  toVehicleLists,
  vehicleListOnDate,
  vehicleListSpec,
  vehicleSpec,
  vehiclesOfList,
  type VehicleListRow,
} from './vehicles.repository.js';

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

export default async function vehicleRoutes(app: ZkApp) {
  app.get(
    '/vehicles',
    {
      schema: {
        summary: 'List the vehicles of the list that applies on `date` (default today); empty before the first list',
        tags: ['Vehicles'],
        querystring: VehicleQuery,
        response: responses({ 200: Paginated(Vehicle) }),
      },
    },
    async (req) => {
      const s = scopeOf(app, req);
      const list = await vehicleListOnDate(s.db, req.query.date ?? today());
      return listResponse(req, vehiclesOfList(s.db, list ? Number(list.id) : 0), vehicleSpec, (rows) =>
        rows.map(toVehicle),
      );
    },
  );

  resourceRoutes(app, {
    name: 'Vehicle list',
    plural: 'dated vehicle lists',
    tags: ['Vehicles'],
    path: '/vehicle-lists',
    records: { table: 'vehicle_lists', derivations: [{ table: 'vehicles', match: { id: 'vehicle_list_id' } }] },
    resource: VehicleList,
    repository: {
      list: (s) => listVehicleLists(s.db),
      listItems: (s, rows) => toVehicleLists(s.db, rows, false),
      find: (s, id) => findRow(s.db, 'vehicle_lists', 'id', id),
      // withVehicles: each list with its vehicles
      show: async (s, row) => (await toVehicleLists(s.db, [row], true))[0] as Static<typeof VehicleList>,
      insert: (s, body) => writeList(s, body),
      update: (s, row, body) => writeList(s, body, row),
      remove: (s, row) => deleteRow(s.db, 'vehicle_lists', Number(row.id)),
    },
    listItem: VehicleListItem,
    list: { spec: vehicleListSpec },
    create: { body: VehicleListCreate },
    update: { body: VehicleListUpdate },
  });
}
