// GET /locations[/{id}] (string key, sorted by name), POST, PATCH/PUT, DELETE; GET /location-lists[/{id}],
// GET /location-lists/{id}/locations, POST, PATCH/PUT, DELETE (docs/api/people.md; writes additive).
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { IntKey, Paginated, responses } from '../../http/schemas.js';
import { notFound } from '../../values/errors.js';
import { listQuery, listResponse } from '../../http/list/index.js';
import { deleteRow, findRow, refuseWhileUsed, resourceRoutes, scopeOf } from '../crud/index.js';
import {
  Location,
  LocationCreate,
  LocationList,
  LocationListCreate,
  LocationListQuery,
  LocationListUpdate,
  LocationUpdate,
} from './locations.schemas.js';
import { listLocations, locationListSpec, locationListsSpec, toLocation } from './locations.repository.js';
import { locationLists, locations } from './locations.service.js';

export default async function locationRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Location',
    plural: 'locations',
    tags: ['Locations'],
    path: '/locations',
    records: { table: 'locations', key: ['code'] },
    key: { name: 'id', schema: Type.String({ minLength: 1, maxLength: 64 }) },
    resource: Location,
    repository: locations,
    list: { query: LocationListQuery, spec: locationListSpec },
    create: { body: LocationCreate },
    update: { body: LocationUpdate },
    remove: async (s, row) => {
      await refuseWhileUsed(s.db, 'locations', row, (what) => `The location is still used by ${what}.`);
      await deleteRow(s.db, 'locations', Number(row.id));
    },
  });

  resourceRoutes(app, {
    name: 'Location list',
    plural: 'location lists',
    tags: ['Locations'],
    path: '/location-lists',
    records: {
      table: 'location_lists',
      derivations: [{ table: 'location_list_items', match: { id: 'location_list_id' } }],
    },
    resource: LocationList,
    repository: locationLists,
    list: { spec: locationListsSpec },
    create: { body: LocationListCreate },
    update: { body: LocationListUpdate },
  });

  app.get(
    '/location-lists/:id/locations',
    {
      schema: {
        summary: 'List the locations of a location list (sorted by name)',
        tags: ['Locations'],
        params: IntKey('id'),
        querystring: listQuery(),
        response: responses({ 200: Paginated(Location) }),
      },
    },
    async (req) => {
      const s = scopeOf(app, req);
      if (!(await findRow(s.db, 'location_lists', 'id', req.params.id))) throw notFound('Location list');
      return listResponse(req, listLocations(s.db, { listId: req.params.id }), locationListSpec, (rows) =>
        rows.map(toLocation),
      );
    },
  );
}
