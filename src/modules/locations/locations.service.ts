// Writing locations (the id, the location's code, is unique and cannot change) and location lists (a unique name,
// locations named by their ids, all or nothing).
import { ErrorBag } from '../../values/errors.js';
import { checkUnique, deleteRow, findRow, insertRow, pick, updateRow } from '../crud/index.js';
import type { Scope } from '../../tenancy/scope.js';
import { LOCATION_COLUMNS, type LocationListWriteT } from './locations.schemas.js';
import {
  listLocationLists,
  listLocations,
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

/** The locations as the CRUD kit (modules/crud) lists, reads and writes them; the id (their code) is the key. */
export const locations = {
  list: ({ db }: Scope, query: { city?: string }) => listLocations(db, { city: query.city }),
  find: ({ db }: Scope, id: string) => findRow(db, 'locations', 'code', id),
  show: (_s: Scope, row: LocationRow) => toLocation(row),
  insert: (s: Scope, body: Record<string, unknown>) => writeLocation(s, body),
  update: (s: Scope, row: LocationRow, changes: Record<string, unknown>) => writeLocation(s, changes, row),
};

/** The location lists as the CRUD kit (modules/crud) lists, reads and writes them. */
export const locationLists = {
  list: ({ db }: Scope) => listLocationLists(db),
  listItems: ({ db }: Scope, rows: LocationListRow[]) => toLocationLists(db, rows),
  find: ({ db }: Scope, id: number) => findRow(db, 'location_lists', 'id', id),
  show: async ({ db }: Scope, row: LocationListRow) => (await toLocationLists(db, [row]))[0],
  insert: (s: Scope, body: LocationListWriteT) => writeList(s, body),
  update: (s: Scope, row: LocationListRow, changes: LocationListWriteT) => writeList(s, changes, row),
  remove: ({ db }: Scope, row: LocationListRow) => deleteRow(db, 'location_lists', Number(row.id)),
};
