// SQL for vehicle lists and vehicles; every query is scoped by tenant.
import { rowMapper, authorsOf } from '../../db/row-mapping.js';
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { VehicleListsTable, VehiclesTable } from './vehicles.tables.js';
import type { ListSpec } from '../../db/list-spec.js';
import { outDate, outTimestamp } from '../../values/formats.js';
import { newStamps } from '../crud/index.js';
import { Vehicle, type VehicleInT, type VehicleT } from './vehicles.schemas.js';

export type VehicleListRow = Selectable<VehicleListsTable>;
export type VehicleRow = Selectable<VehiclesTable>;

export const vehicleSpec: ListSpec = {
  key: ['code'],
  sortable: {
    id: 'code',
    name: { column: 'name', nullable: true },
    license_plate: { column: 'license_plate', nullable: true },
  },
  modified: 'modified',
};
export const vehicleListSpec: ListSpec = {
  key: ['id'],
  defaultSort: 'start_date',
  sortable: {
    id: 'id',
    start_date: 'start_date',
    name: { column: 'name', nullable: true },
    created: { column: 'created', nullable: true },
    modified: { column: 'modified', nullable: true },
  },
};

/** The list that applies on `date`: the latest start_date on or before it (none before the first list). */
export const vehicleListOnDate = (db: TenantDb, date: string) =>
  db
    .selectFrom('vehicle_lists')
    .selectAll()
    .where('start_date', '<=', date)
    .orderBy('start_date', 'desc')
    .limit(1)
    .executeTakeFirst();

export const vehiclesOfList = (db: TenantDb, listId: number) =>
  db.selectFrom('vehicles').selectAll().where('vehicle_list_id', '=', listId);

export const toVehicle: (r: VehicleRow) => VehicleT = rowMapper(Vehicle, { columns: { id: 'code' } });

export const listVehicleLists = (db: TenantDb) => db.selectFrom('vehicle_lists').selectAll();

/** Vehicle lists with their vehicles (detail) or only the counts (list items); one query for the page. */
export async function toVehicleLists(db: TenantDb, rows: VehicleListRow[], withVehicles: boolean) {
  const ids = rows.map((r) => Number(r.id));
  const vehicles = ids.length
    ? await db.selectFrom('vehicles').selectAll().where('vehicle_list_id', 'in', ids).orderBy('code').execute()
    : [];
  return rows.map((r) => {
    const own = vehicles.filter((v) => Number(v.vehicle_list_id) === Number(r.id));
    return {
      id: Number(r.id),
      start_date: outDate(r.start_date)!,
      name: r.name,
      vehicles_count: own.length,
      ...(withVehicles ? { vehicles: own.map(toVehicle) } : {}),
      created: outTimestamp(r.created),
      modified: outTimestamp(r.modified),
      ...authorsOf(r),
    };
  });
}

/** Replace the vehicles of a list (inside the list's write transaction). */
/**
 * Make the list's vehicles the given set: vehicles not named are deleted, new ones inserted, and named ones keep
 * their row (and created/modified) unless a field really changes, so sending a list back unchanged changes nothing.
 */
export async function setVehicles(db: TenantDb, listId: number, vehicles: readonly VehicleInT[]): Promise<void> {
  const current = new Map(
    (
      await db
        .selectFrom('vehicles')
        .select(['id', 'code', 'name', 'license_plate', 'note'])
        .where('vehicle_list_id', '=', listId)
        .execute()
    ).map((r) => [r.code, r]),
  );
  const wanted = new Set(vehicles.map((v) => v.id));
  const gone = [...current.values()].filter((r) => !wanted.has(r.code)).map((r) => r.id);
  if (gone.length) await db.deleteFrom('vehicles').where('id', 'in', gone).execute();
  const stamps = newStamps();
  const values = (v: VehicleInT) => ({
    name: v.name ?? null,
    license_plate: v.license_plate ?? null,
    note: v.note ?? null,
  });
  const fresh = vehicles.filter((v) => !current.has(v.id));
  for (const v of vehicles) {
    const row = current.get(v.id);
    const next = values(v);
    if (row && (row.name !== next.name || row.license_plate !== next.license_plate || row.note !== next.note)) {
      await db
        .updateTable('vehicles')
        .set({ ...next, modified: stamps.modified })
        .where('id', '=', row.id)
        .execute();
    }
  }
  if (fresh.length)
    await db
      .insertInto(
        'vehicles',
        fresh.map((v) => ({ vehicle_list_id: listId, code: v.id, ...values(v), ...stamps })),
      )
      .execute();
}
