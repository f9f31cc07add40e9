// Closed months (migration 0400).
import type { Authored } from '../../db/columns.js';
import type { Generated } from 'kysely';

export interface MonthClosingsTable extends Authored {
  tenant_id: number;
  id: Generated<number>;
  month: string;
  employee_id: string | null;
  note: string | null;
  created: string | null;
  modified: string | null;
}

export interface MonthClosingTables {
  month_closings: MonthClosingsTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends MonthClosingTables {}
}
