// Price tables of every owner (base, customer, project) with their prices and factors (migration 0002).
import type { Authored } from '../../db/columns.js';
import type { Generated } from 'kysely';

export interface PriceTablesTable extends Authored {
  tenant_id: number;
  id: Generated<number>;
  /** 'base' | 'customer' | 'project' */
  level: string;
  customer_number: string | null;
  project_id: number | null;
  start_date: string | null;
  created: string | null;
  modified: string | null;
}

export interface PricesTable {
  tenant_id: number;
  id: Generated<number>;
  price_table_id: number;
  price_group: string;
  price: number;
  type: string | null;
  activity: string | null;
  ahr_factor: number | null;
}

export interface PriceFactorsTable {
  tenant_id: number;
  id: Generated<number>;
  price_table_id: number;
  day: number;
  start_time: string | null;
  end_time: string | null;
  factor: number;
  activity_id: number | null;
}

export interface PriceTableTables {
  price_tables: PriceTablesTable;
  prices: PricesTable;
  price_factors: PriceFactorsTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends PriceTableTables {}
}
