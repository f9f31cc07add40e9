// Kysely table types. Each resource module declares its own tables and they are merged here, so adding a
// resource adds one import and one `extends` entry. Columns mirror the JSON field names of the contract.
import type { Generated } from 'kysely';
import type { MasterdataTables } from '../modules/masterdata.tables.js';
import type { SpineTables } from '../modules/spine.tables.js';
import type { BookingAdminTables } from '../modules/booking-admin/booking-admin.tables.js';
import type { AttendanceTables } from '../modules/attendances/attendances.tables.js';
import type { PeopleTables } from '../modules/people.tables.js';
import type { ProjectTables } from '../modules/projects.tables.js';
import type { CustomerTables } from '../modules/customers.tables.js';

/** Booleans are BOOLEAN on PostgreSQL and INTEGER 0/1 on SQLite; read them through toBool(). */
export type DbBool = boolean | number;

export interface TenantsTable {
  id: Generated<number>;
  instance: string;
  name: string;
  edition: string;
  modules: string; // JSON array of module names
  settings: string; // JSON object of tenant settings
  language: string;
  created: string;
  modified: string;
}

export interface ApiTokensTable {
  tenant_id: number;
  id: Generated<number>;
  name: string;
  token_hash: string;
  read_only: DbBool;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  created: string;
  modified: string;
}

export interface SchemaMigrationsTable {
  version: string;
  applied_at: string;
}

export interface CoreTables {
  tenants: TenantsTable;
  api_tokens: ApiTokensTable;
  schema_migrations: SchemaMigrationsTable;
}

export interface DB
  extends CoreTables,
    MasterdataTables,
    SpineTables,
    BookingAdminTables,
    CustomerTables,
    ProjectTables,
    PeopleTables,
    AttendanceTables {}
