// SQL for locations and location lists; every query is scoped by tenant.
import { authorsOf, rowMapper } from '../../db/row-mapping.js';
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { LocationListsTable, LocationsTable } from './locations.tables.js';
import type { ListSpec } from '../../db/list-spec.js';
import { outTimestamp } from '../../values/formats.js';
import { countLinks, LOCATION_LIST_ITEMS, replaceLinks, resolveExisting } from '../crud/index.js';
import { Location, type LocationT } from './locations.schemas.js';

export type LocationRow = Selectable<LocationsTable>;
export type LocationListRow = Selectable<LocationListsTable>;

const stamps = { created: { column: 'created', nullable: true }, modified: { column: 'modified', nullable: true } };
/** Contract: the default order of locations is the name (key `id` breaks ties). */
export const locationListSpec: ListSpec = {
  key: ['code'],
  defaultSort: 'name',
  sortable: { id: 'code', name: 'name', city: { column: 'city', nullable: true }, ...stamps },
};
export const locationListsSpec: ListSpec = { key: ['id'], sortable: { id: 'id', name: 'name', ...stamps } };

export function listLocations(db: TenantDb, filters: { city?: string; listId?: number } = {}) {
  let q = db.selectFrom('locations').selectAll();
  if (filters.city !== undefined) q = q.where('city', '=', filters.city);
  if (filters.listId !== undefined) {
    const listId = filters.listId;
    q = q.where('code', 'in', (eb) =>
      eb
        .selectFrom('location_list_items')
        .select('location_code')
        .where('tenant_id', '=', db.tenantId)
        .where('location_list_id', '=', listId),
    );
  }
  return q;
}

export const listLocationLists = (db: TenantDb) => db.selectFrom('location_lists').selectAll();

export const toLocation: (r: LocationRow) => LocationT = rowMapper(Location, { columns: { id: 'code' } });

export async function toLocationLists(db: TenantDb, rows: LocationListRow[]) {
  const counts = await countLinks(
    db,
    LOCATION_LIST_ITEMS,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    description: r.description,
    locations_count: counts.get(Number(r.id)) ?? 0,
    created: outTimestamp(r.created),
    modified: outTimestamp(r.modified),
    ...authorsOf(r),
  }));
}

/** Location ids of a request; unknown ids answer 422 on `locations`. */
export const resolveLocations = (db: TenantDb, input: readonly (string | { id: string })[]) =>
  resolveExisting(
    db,
    'locations',
    'code',
    input.map((l) => (typeof l === 'string' ? l : l.id)),
    'locations',
  );

export const setListLocations = (db: TenantDb, listId: number, codes: readonly string[]) =>
  replaceLinks(db, LOCATION_LIST_ITEMS, listId, codes);
