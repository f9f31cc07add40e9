// Column types every table shares. Each <resource>.tables.ts imports these; this file imports no table.
import type { ColumnType, Generated } from 'kysely';

/** Booleans are BOOLEAN on PostgreSQL and INTEGER 0/1 on SQLite; read them through toBool(). */
export type DbBool = boolean | number;

/** The key every record of a tenant starts with: (tenant_id, id). */
export interface Owned {
  tenant_id: number;
  id: Generated<number>;
}

/** Record timestamps ('YYYY-MM-DD HH:MM:SS', UTC). */
export interface Stamps {
  created: string | null;
  modified: string | null;
}

/**
 * Who created the record and who changed it last (usernames; null: a service token, the system, or before migration
 * 2905). The write path stamps them (plugins/write-path/collect.ts); no module writes them, so inserts and updates
 * do not name them.
 */
export interface Authored {
  created_by: ColumnType<string | null, never, never>;
  modified_by: ColumnType<string | null, never, never>;
}
