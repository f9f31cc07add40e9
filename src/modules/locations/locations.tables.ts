// Work locations and location lists (migration 0201).
import type { Owned, Stamps, Authored } from '../../db/columns.js';

export interface LocationsTable extends Owned, Stamps, Authored {
  code: string;
  name: string;
  description: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
}

export interface LocationListsTable extends Owned, Stamps, Authored {
  name: string;
  description: string | null;
}

export interface LocationListItemsTable {
  tenant_id: number;
  location_list_id: number;
  location_code: string;
}

export interface LocationTables {
  locations: LocationsTable;
  location_lists: LocationListsTable;
  location_list_items: LocationListItemsTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends LocationTables {}
}
