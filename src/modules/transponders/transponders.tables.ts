// Transponders of employees (migration 0201).
import type { Owned, Stamps, Authored } from '../../db/columns.js';

export interface TranspondersTable extends Owned, Stamps, Authored {
  employee_id: string;
  number: string;
  valid_from: string | null;
  valid_until: string | null;
  note: string | null;
}

export interface TransponderTables {
  transponders: TranspondersTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends TransponderTables {}
}
