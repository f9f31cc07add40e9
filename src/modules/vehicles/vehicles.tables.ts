// Dated vehicle lists and their vehicles (migration 0201).
import type { Owned, Stamps, Authored } from '../../db/columns.js';

export interface VehicleListsTable extends Owned, Stamps, Authored {
  start_date: string;
  name: string | null;
}

export interface VehiclesTable extends Owned, Stamps, Authored {
  vehicle_list_id: number;
  code: string;
  name: string | null;
  license_plate: string | null;
  note: string | null;
}

export interface VehicleTables {
  vehicle_lists: VehicleListsTable;
  vehicles: VehiclesTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends VehicleTables {}
}
