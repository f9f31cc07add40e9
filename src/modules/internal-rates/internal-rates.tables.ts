// Internal rates of employees (migration 0200).
import type { DbBool, Owned, Stamps, Authored } from '../../db/columns.js';

export interface InternalRatesTable extends Owned, Stamps, Authored {
  employee_id: string;
  start_date: string;
  internal_rate: number;
  note: string | null;
  monthly_rate: number | null;
  internal_rate_resets: DbBool | null;
  rate_type: number;
}

export interface InternalRateTables {
  internal_rates: InternalRatesTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends InternalRateTables {}
}
