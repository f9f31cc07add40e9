// GET /locations[/{id}] (string key, sorted by name), POST, PATCH/PUT, DELETE; GET /location-lists[/{id}],
// GET /location-lists/{id}/locations, POST, PATCH/PUT, DELETE (reference §4.20; writes additive).
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { IntKey, Paginated, responses } from '../../http/schemas.js';
import { ErrorBag, notFound, validationError } from '../../http/errors.js';
import { listQuery, listResponse } from '../../http/list/index.js';
import { pick } from '../crud/index.js';
import { findReferences, type ReferenceCheck } from '../../db/references.js';
import { resourceRoutes, scopeOf, type Scope } from '../crud/index.js';
import { checkUnique, deleteRow, findRow, insertRow, updateRow } from '../crud/index.js';
import { LOCATION_COLUMNS, Location, LocationCreate, LocationList, LocationListCreate, LocationListQuery, LocationListUpdate, LocationUpdate, type LocationListWriteT } from './locations.schemas.js';
import {
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
  if (current && body.id !== undefined && body.id !== current.code) errors.add('id', 'The location id cannot be changed.');
  if (!current) await checkUnique(s, errors, 'locations', 'id', body.id, { column: 'code' });
  errors.throwIfAny();
  const values = pick(body, LOCATION_COLUMNS);
  return current ? updateRow(s.db, 'locations', s.tenantId, Number(current.id), values) : insertRow(s.db, 'locations', s.tenantId, { ...values, code: body.id });
}

async function writeList(s: Scope, body: LocationListWriteT, current?: LocationListRow) {
  const errors = new ErrorBag();
  await checkUnique(s, errors, 'location_lists', 'name', body.name, { exceptId: current ? Number(current.id) : undefined });
  errors.throwIfAny();
  const codes = body.locations != null ? await resolveLocations(s.db, s.tenantId, body.locations) : body.locations === null ? [] : undefined;
  return s.db.transaction().execute(async (trx) => {
    const values = pick(body, ['name', 'description']);
    const row = current ? await updateRow(trx, 'location_lists', s.tenantId, Number(current.id), values) : await insertRow(trx, 'location_lists', s.tenantId, values);
    if (codes) await setListLocations(trx, s.tenantId, Number(row.id), codes);
    return row;
  });
}

/** Records that keep a work location from being deleted. */
export const LOCATION_REFERENCES: ReferenceCheck[] = [{ table: 'attendances', column: 'work_location_id', what: 'bookings' }];

export default async function locationRoutes(app: ZkApp) {
  resourceRoutes<undefined, LocationRow, unknown>(app, {
    name: 'Location',
    plural: 'locations',
    tags: ['Locations'],
    path: '/locations',
    key: { name: 'id', schema: Type.String({ minLength: 1, maxLength: 64 }) },
    resource: Location,
    list: { query: LocationListQuery, build: (s, _p, q) => listLocations(s.db, s.tenantId, { city: q.city }), spec: locationListSpec },
    find: (s, _p, id) => findRow(s.db, 'locations', s.tenantId, 'code', id),
    show: (_s, _p, row) => toLocation(row),
    create: { body: LocationCreate, run: (s, _p, body) => writeLocation(s, body) },
    update: { body: LocationUpdate, run: (s, _p, row, body) => writeLocation(s, body, row) },
    remove: async (s, _p, row) => {
      const refs = await findReferences(s.db, s.tenantId, LOCATION_REFERENCES, row.code);
      if (refs.length > 0) throw validationError({ id: refs.map((r) => `The location is still used by ${r}.`) });
      await deleteRow(s, 'locations', Number(row.id));
    },
  });

  resourceRoutes<undefined, LocationListRow, unknown>(app, {
    name: 'Location list',
    plural: 'location lists',
    tags: ['Locations'],
    path: '/location-lists',
    resource: LocationList,
    list: { build: (s) => s.db.selectFrom('location_lists').selectAll().where('tenant_id', '=', s.tenantId), spec: locationListsSpec, map: (s, _p, rows) => toLocationLists(s.db, s.tenantId, rows) },
    find: (s, _p, id) => findRow(s.db, 'location_lists', s.tenantId, 'id', id),
    show: async (s, _p, row) => (await toLocationLists(s.db, s.tenantId, [row]))[0],
    create: { body: LocationListCreate, run: (s, _p, body) => writeList(s, body) },
    update: { body: LocationListUpdate, run: (s, _p, row, body) => writeList(s, body, row) },
    remove: (s, _p, row) => deleteRow(s, 'location_lists', Number(row.id)),
  });

  app.get(
    '/location-lists/:id/locations',
    { schema: { summary: 'List the locations of a location list (sorted by name)', tags: ['Locations'], params: IntKey('id'), querystring: listQuery(), response: responses({ 200: Paginated(Location) }) } },
    async (req) => {
      const s = scopeOf(app, req);
      if (!(await findRow(s.db, 'location_lists', s.tenantId, 'id', req.params.id))) throw notFound('Location list');
      return listResponse(req, listLocations(s.db, s.tenantId, { listId: req.params.id }), locationListSpec, (rows) => rows.map(toLocation));
    },
  );
}
