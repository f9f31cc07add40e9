// Receipts and their amount lines (migrations 1602, 2602). The file of a receipt lives in the one
// attachment store (modules/attachments, owner 'receipt').
import type { DbBool, Owned, Stamps, Authored } from '../../db/columns.js';

export interface ReceiptsTable extends Owned, Stamps, Authored {
  employee_id: string;
  date: string;
  receipt_type_id: string;
  currency: string;
  invoice_amount_currency: string;
  note: string | null;
  payment_method: string;
  /** The per-diem deductions in cents (values/money.ts; migration 2602). */
  breakfast_cents: number;
  lunch_or_dinner_cents: number;
  location: string | null;
  is_amount_net: DbBool;
  is_invoice_amount_net: DbBool | null;
  billing_status: number | null;
  performance_date: string | null;
  client_id: number | null;
  invoice_item_id: number | null;
  project_id: number;
  project_task_id: number | null;
  ticket_id: number | null;
  subtask_id: number | null;
  /** The billing status before billing an invoice set it to Billed ({billing_status}), JSON; a correction restores it. */
  billing_undo: string | null;
}

/** Amount lines as scaled integers (values/money.ts; migration 2602): tax and quantity in 1/10^4, money in cents. */
export interface ReceiptAmountsTable extends Owned {
  receipt_id: number;
  tax_e4: number;
  quantity_e4: number;
  amount_cents: number;
  invoicing_share_cents: number;
  private_share_cents: number;
}

export interface ReceiptTables {
  receipts: ReceiptsTable;
  receipt_amounts: ReceiptAmountsTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends ReceiptTables {}
}
