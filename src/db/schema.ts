// The database as Kysely sees it. Here only the tables of db/ itself; every other folder declares its own in its
// <name>.tables.ts, which merges them into DB (`declare module '../../db/schema.js' { interface DB extends XTables {} }`),
// so a new resource adds no line here. Columns mirror the JSON field names of the contract.

/** Each tenant's counter of record ids per table (src/db/record-ids.ts, migration 2801). */
export interface RecordIdsTable {
  tenant_id: number;
  table_name: string;
  last_id: number;
}

export interface SchemaMigrationsTable {
  version: string;
  applied_at: string;
}

export interface DB {
  schema_migrations: SchemaMigrationsTable;
  record_ids: RecordIdsTable;
}
