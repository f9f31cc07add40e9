// GET /vehicles?date=&limit= (contract: read-only, paginated, not on the clock edition) and the operators'
// dated lists: GET/POST /vehicle-lists, GET/PATCH/PUT/DELETE /vehicle-lists/{id} (additive admin endpoints).
import type { ZkApp } from '../../types.js';
import { Paginated, responses } from '../../http/schemas.js';
import { today } from '../../values/formats.js';
import { listResponse } from '../../http/list/index.js';
import { resourceRoutes, scopeOf } from '../crud/index.js';
import {
  Vehicle,
  VehicleList,
  VehicleListCreate,
  VehicleListItem,
  VehicleListUpdate,
  VehicleQuery,
} from './vehicles.schemas.js';
import { toVehicle, vehicleListOnDate, vehicleListSpec, vehicleSpec, vehiclesOfList } from './vehicles.repository.js';
import { vehicleLists } from './vehicles.service.js';

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
    repository: vehicleLists,
    listItem: VehicleListItem,
    list: { spec: vehicleListSpec },
    create: { body: VehicleListCreate },
    update: { body: VehicleListUpdate },
  });
}
