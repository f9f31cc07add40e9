// Receipt types (migration 1602): master data a receipt names by `receipt_type_id` (the type's name).
import type { Owned, Stamps, Authored } from '../../db/columns.js';

export interface ReceiptTypesTable extends Owned, Stamps, Authored {
  name: string;
  description: string | null;
  /** JSON array of the allowed tax percentages. */
  tax_rates: string;
  default_payment_method: string | null;
}

export interface ReceiptTypeTables {
  receipt_types: ReceiptTypesTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends ReceiptTypeTables {}
}
