// Tables of the shared spine (migration 0002).
import type { Generated } from 'kysely';
import type { DbBool } from '../db/types.js';

export interface CategoryLinksTable {
  tenant_id: number;
  entity_type: string;
  entity_id: number;
  category_id: number;
}

export interface DynamicAttributesTable {
  tenant_id: number;
  id: Generated<number>;
  name: string;
  type: string;
  entity_type: string | null;
  required: DbBool;
  description: string | null;
  options: string | null;
  default_value: string | null;
  validation_rules: string | null;
  created: string | null;
  modified: string | null;
}

export interface DynamicAttributeValuesTable {
  tenant_id: number;
  entity_type: string;
  entity_id: number;
  attribute_id: number;
  value: string | null;
}

export interface PriceGroupsTable {
  tenant_id: number;
  id: Generated<number>;
  name: string;
  number: string | null;
  status: DbBool;
  description: string | null;
  created: string | null;
  modified: string | null;
}

export interface CustomersTable {
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

export interface EmployeesTable {
  tenant_id: number;
  id: Generated<number>;
  username: string;
  firstname: string;
  lastname: string;
  personal_number: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  abbreviation: string | null;
  salutation: string | null;
  title: string | null;
  email: string | null;
  phone: string | null;
  mobile: string | null;
  fax: string | null;
  private_phone: string | null;
  birthdate: string | null;
  iban: string | null;
  bic: string | null;
  account_no: string | null;
  bank_name: string | null;
  bank_code: string | null;
  currency: string | null;
  approval_date: string | null;
  vat: string | null;
  price_group: string | null;
  employment: number;
  rights: number;
  department_id: number;
  language: string | null;
  personio_id: string | null;
  cost_bearer: string | null;
  tax_id: string | null;
  creditor_number: string | null;
  oauth_username: string | null;
  password_hash: string | null;
  created: string | null;
  modified: string | null;
}

export interface PriceTablesTable {
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

export interface SpineTables {
  category_links: CategoryLinksTable;
  dynamic_attributes: DynamicAttributesTable;
  dynamic_attribute_values: DynamicAttributeValuesTable;
  price_groups: PriceGroupsTable;
  customers: CustomersTable;
  employees: EmployeesTable;
  price_tables: PriceTablesTable;
  prices: PricesTable;
  price_factors: PriceFactorsTable;
}
