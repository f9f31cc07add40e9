// Employees (migration 0002). Child rows of an employee carry its username in `employee_id`, as the JSON does.
import type { Authored } from '../../db/columns.js';
import type { Generated } from 'kysely';

export interface EmployeesTable extends Authored {
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

export interface EmployeeTables {
  employees: EmployeesTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends EmployeeTables {}
}
