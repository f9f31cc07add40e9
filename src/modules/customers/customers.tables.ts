// Customers (migration 0002) and what a customer owns: addresses, managers, contacts (migration 0100).
import type { Generated } from 'kysely';
import type { DbBool, Authored } from '../../db/columns.js';

export interface CustomersTable extends Authored {
  tenant_id: number;
  id: Generated<number>;
  customer_number: string;
  name: string | null;
  additional_name: string | null;
  website: string | null;
  email: string | null;
  phone: string | null;
  fax: string | null;
  currency: string | null;
  comments: string | null;
  industry: string | null;
  vat: number | null;
  tax_number: string | null;
  iban: string | null;
  bic: string | null;
  payment_target: number | null;
  payment_target_discount: number | null;
  inactive: DbBool;
  billing_procedure: DbBool | null;
  automated_invoicing: DbBool | null;
  debit_payment: DbBool | null;
  department_id: number;
  travel_expense_flat_per_day: number | null;
  travel_expense_flat_per_journey: number | null;
  created: string | null;
  modified: string | null;
}

export interface CustomerAddressesTable {
  tenant_id: number;
  id: Generated<number>;
  customer_id: number;
  name: string;
  address: string | null;
  address_line_2: string | null;
  address_line_3: string | null;
  zip_code: string | null;
  city: string | null;
  country: string | null;
  email: string | null;
  email_cc: string | null;
  email_bcc: string | null;
  country_code: string | null;
  is_default: DbBool | null;
  is_billing_address: DbBool | null;
  is_shipping_address: DbBool | null;
  inactive: DbBool | null;
  machine_readable_invoice_version: number | null;
}

export interface CustomerManagersTable {
  tenant_id: number;
  customer_id: number;
  username: string;
  has_edit_customer_data_permission: DbBool | null;
  has_budget_responsibility_permission: DbBool | null;
  is_primary_employee: DbBool | null;
}

export interface CustomerContactsTable extends Authored {
  tenant_id: number;
  id: Generated<number>;
  customer_id: number;
  first_name: string;
  last_name: string;
  salutation: string | null;
  title: string | null;
  phone: string | null;
  mobile: string | null;
  fax: string | null;
  email: string | null;
  /** JSON `primary` (a reserved word in SQL). */
  is_primary: DbBool;
  job_title: string | null;
  language: string | null;
  inactive: DbBool;
  department_id: number | null;
  created: string | null;
  modified: string | null;
}

export interface CustomerTables {
  customers: CustomersTable;
  customer_addresses: CustomerAddressesTable;
  customer_managers: CustomerManagersTable;
  customer_contacts: CustomerContactsTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends CustomerTables {}
}
