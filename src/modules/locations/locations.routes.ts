// GET /locations[/{id}] (string key, sorted by name), POST, PATCH/PUT, DELETE; GET /location-lists[/{id}],
// GET /location-lists/{id}/locations, POST, PATCH/PUT, DELETE (docs/api/people.md; writes additive).
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { IntKey, Paginated, responses } from '../../http/schemas.js';
import { ErrorBag, notFound } from '../../values/errors.js';
import { listQuery, listResponse } from '../../http/list/index.js';
import {
  checkUnique,
  deleteRow,
  findRow,
  insertRow,
  pick,
  refuseWhileUsed,
  resourceRoutes,
  scopeOf,
  updateRow,
} from '../crud/index.js';
import { type Scope } from '../../tenancy/scope.js';
import {
  LOCATION_COLUMNS,
  Location,
  LocationCreate,
  LocationList,
  LocationListCreate,
  LocationListQuery,
  LocationListUpdate,
  LocationUpdate,
  type LocationListWriteT,
} from './locations.schemas.js';
import {
  listLocationLists,
  listLocations,
  locationListSpec,
  locationListsSpec,
  resolveLocations,
  setListLocations,
  toLocation,
  toLocationLists,
  type LocationListRow,
  type LocationRow,
} from './locations.repository.js';

async function writeLocation(s: Scope, body: Record<string, unknown>, current?: LocationRow) {
  const errors = new ErrorBag();
  if (current && body.id !== undefined && body.id !== current.code)
    errors.add('id', 'The location id cannot be changed.');
  if (!current) await checkUnique(s.db, errors, 'locations', 'id', body.id, { column: 'code' });
  errors.throwIfAny();
  const values = pick(body, LOCATION_COLUMNS);
  return current
    ? updateRow(s.db, 'locations', Number(current.id), values)
    : insertRow(s.db, 'locations', { ...values, code: body.id });
}

async function writeList(s: Scope, body: LocationListWriteT, current?: LocationListRow) {
  const errors = new ErrorBag();
  await checkUnique(s.db, errors, 'location_lists', 'name', body.name, {
    exceptId: current ? Number(current.id) : undefined,
  });
  errors.throwIfAny();
  let codes: Awaited<ReturnType<typeof resolveLocations>> | undefined = body.locations === null ? [] : undefined;
  if (body.locations != null) codes = await resolveLocations(s.db, body.locations);
  return s.db.transaction(async (trx) => {
    const values = pick(body, ['name', 'description']);
    const row = current
      ? await updateRow(trx, 'location_lists', Number(current.id), values)
      : await insertRow(trx, 'location_lists', values);
    if (codes) await setListLocations(trx, Number(row.id), codes);
    return row;
  });
}

export default async function locationRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Location',
    plural: 'locations',
    tags: ['Locations'],
    path: '/locations',
    records: { table: 'locations', key: ['code'] },
    key: { name: 'id', schema: Type.String({ minLength: 1, maxLength: 64 }) },
    resource: Location,
    repository: {
      list: (s, q) => listLocations(s.db, { city: q.city }),
      find: (s, id) => findRow(s.db, 'locations', 'code', id),
      show: (_s, row) => toLocation(row),
      insert: (s, body) => writeLocation(s, body),
      update: (s, row, body) => writeLocation(s, body, row),
    },
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
    repository: {
      list: (s) => listLocationLists(s.db),
      listItems: (s, rows) => toLocationLists(s.db, rows),
      find: (s, id) => findRow(s.db, 'location_lists', 'id', id),
      show: async (s, row) => (await toLocationLists(s.db, [row]))[0],
      insert: (s, body) => writeList(s, body),
      update: (s, row, body) => writeList(s, body, row),
      remove: (s, row) => deleteRow(s.db, 'location_lists', Number(row.id)),
    },
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
