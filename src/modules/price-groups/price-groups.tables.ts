// Price groups (migration 0002).
import type { Generated } from 'kysely';
import type { DbBool, Authored } from '../../db/columns.js';

export interface PriceGroupsTable extends Authored {
  tenant_id: number;
  id: Generated<number>;
  name: string;
  number: string | null;
  status: DbBool;
  description: string | null;
  created: string | null;
  modified: string | null;
}

export interface PriceGroupTables {
  price_groups: PriceGroupsTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends PriceGroupTables {}
}
