// Receipts and their amount lines (migration 1602). The file of a receipt lives in the one
// attachment store (modules/attachments, owner 'receipt').
import type { DbBool, Owned, Stamps } from '../../db/columns.js';

export interface ReceiptsTable extends Owned, Stamps {
  employee_id: string;
  date: string;
  receipt_type_id: string;
  currency: string;
  invoice_amount_currency: string;
  note: string | null;
  payment_method: string;
  breakfast: number;
  lunch_or_dinner: number;
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
}

export interface ReceiptAmountsTable extends Owned {
  receipt_id: number;
  tax: number;
  quantity: number;
  amount: number;
  invoicing_share: number | null;
  private_share: number | null;
}

export interface ReceiptTables {
  receipts: ReceiptsTable;
  receipt_amounts: ReceiptAmountsTable;
}
