// Folders (migration 2300). Their documents live in the one attachment store (owner type 'folder').
import type { Owned, Stamps, Authored } from '../../db/columns.js';

export interface FoldersTable extends Owned, Stamps, Authored {
  name: string;
  parent_id: number | null;
  project_id: number | null;
  /** Customer number (the customers' key), as offers name their customer. */
  customer_id: string | null;
}

export interface FolderTables {
  folders: FoldersTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends FolderTables {}
}
