// Invoices, invoice items and the invoice number sequence (migration 1801). Money columns are scaled integers
// (values/money.ts).
import type { DbBool, Owned, Stamps, Authored } from '../../db/columns.js';

export interface InvoicesTable extends Owned, Stamps, Authored {
  invoice_number: string;
  /** The natural-order key of invoice_number: each run of digits as its length and digits (invoice-number-order.ts). */
  number_sort: string;
  billing_kind: number;
  date: string;
  amount_cents: number;
  status: number;
  currency: string;
  correction_date: string | null;
  payment_terms_date: string | null;
  payment_terms: number | null;
  address: string | null;
  email_sent_at: string | null;
  email_recipient: string | null;
  customer_number: string;
  title: string | null;
  type: string | null;
  note: string | null;
  /** The employee who created the invoice (document). */
  creator_username: string | null;
  /** The employee who corrected it last (POST /invoices/{n}/correction). */
  corrector_username: string | null;
}

export interface InvoiceItemsTable extends Owned, Stamps, Authored {
  invoice_id: number | null;
  project_id: number | null;
  project_task_id: number | null;
  ticket_id: number | null;
  article_id: number | null;
  customer_number: string | null;
  description: string | null;
  from_date: string | null;
  to_date: string | null;
  repetition: string | null;
  quantity_e5: number;
  unit_price_e4: number;
  unit: string | null;
  currency: string;
  language: string;
  status: number;
  kind: number;
  type: number;
  invoice_text: string | null;
  sorting: string | null;
  contains_working_hours: DbBool | null;
  contains_receipts: DbBool | null;
  contains_travel_expenses: DbBool | null;
  planned_amount_cents: number | null;
  planned_date: string | null;
  billed_amount_cents: number | null;
  billed_date: string | null;
  vat_e4: number | null;
  /** What billing the invoice changed ({status, billed_amount_cents, billed_date} before), JSON; a correction restores it. */
  billing_undo: string | null;
}

export interface InvoiceNumberCountersTable {
  tenant_id: number;
  last_number: number;
}

export interface InvoiceTables {
  invoices: InvoicesTable;
  invoice_items: InvoiceItemsTable;
  invoice_number_counters: InvoiceNumberCountersTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends InvoiceTables {}
}
