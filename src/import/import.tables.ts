// Where an import stands (migration 2952_import_checkpoints; docs/import.md "Resuming").
import type { DbBool } from '../db/columns.js';

export interface ImportCheckpointsTable {
  tenant_id: number;
  /** The importer's name of the resource, e.g. 'attendances'. */
  resource: string;
  /** The source's base URL (…/next/api/v1); a checkpoint of another source does not apply. */
  source: string;
  /** The first page of the source's list not written yet. */
  next_page: number;
  done: DbBool;
  records: number;
  started: string;
  modified: string;
}

export interface ImportTables {
  import_checkpoints: ImportCheckpointsTable;
}

// Its table, merged into the database Kysely sees (db/schema.ts).
declare module '../db/schema.js' {
  interface DB extends ImportTables {}
}
