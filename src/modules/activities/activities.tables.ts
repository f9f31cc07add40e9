// Activities (migration 0001).
import type { Generated } from 'kysely';
import type { DbBool, Authored } from '../../db/columns.js';

export interface ActivitiesTable extends Authored {
  tenant_id: number;
  id: Generated<number>;
  name: string;
  description: string | null;
  is_travel: DbBool;
  created: string | null;
  modified: string | null;
}

export interface ActivityTables {
  activities: ActivitiesTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends ActivityTables {}
}
