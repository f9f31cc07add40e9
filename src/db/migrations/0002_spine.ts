// The shared spine that several resources reference: category links, dynamic attributes, price groups,
// customers, employees and price tables. Resource issues add their own tables in their own migrations.
// References use the contract's keys (customer_number, username, names) with ON UPDATE CASCADE, so rows
// mirror the JSON and a renamed key follows everywhere.
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl } from '../dialect.js';

export const spine: Migration = {
  version: '0002_spine',
  async up(db, dialect) {
    const t = ddl(dialect);
    const owned = `tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,\n  id ${t.id}`;
    await execScript(
      db,
      `
CREATE TABLE category_links (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  entity_type ${t.text} NOT NULL,
  entity_id ${t.int} NOT NULL,
  category_id ${t.int} NOT NULL,
  PRIMARY KEY (tenant_id, entity_type, entity_id, category_id),
  FOREIGN KEY (tenant_id, category_id) REFERENCES categories (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX category_links_category ON category_links (tenant_id, category_id);

CREATE TABLE dynamic_attributes (
  ${owned},
  name ${t.text} NOT NULL,
  type ${t.text} NOT NULL,
  entity_type ${t.text},
  required ${t.bool} NOT NULL DEFAULT ${t.false},
  description ${t.json},
  options ${t.json},
  default_value ${t.json},
  validation_rules ${t.json},
  created ${t.timestamp},
  modified ${t.timestamp}
  ${t.tenantPk}
);
${t.tenantIdIndex('dynamic_attributes')}
CREATE UNIQUE INDEX dynamic_attributes_name ON dynamic_attributes (tenant_id, name);

CREATE TABLE dynamic_attribute_values (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  entity_type ${t.text} NOT NULL,
  entity_id ${t.int} NOT NULL,
  attribute_id ${t.int} NOT NULL,
  value ${t.json},
  PRIMARY KEY (tenant_id, entity_type, entity_id, attribute_id),
  FOREIGN KEY (tenant_id, attribute_id) REFERENCES dynamic_attributes (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX dynamic_attribute_values_attribute ON dynamic_attribute_values (tenant_id, attribute_id);

CREATE TABLE price_groups (
  ${owned},
  name ${t.text} NOT NULL,
  number ${t.text},
  status ${t.bool} NOT NULL DEFAULT ${t.true},
  description ${t.json},
  created ${t.timestamp},
  modified ${t.timestamp}
  ${t.tenantPk}
);
${t.tenantIdIndex('price_groups')}
CREATE UNIQUE INDEX price_groups_name ON price_groups (tenant_id, name);

CREATE TABLE customers (
  ${owned},
  customer_number ${t.text} NOT NULL,
  name ${t.text},
  additional_name ${t.text},
  website ${t.text},
  email ${t.text},
  phone ${t.text},
  fax ${t.text},
  currency ${t.text},
  comments ${t.text},
  industry ${t.text},
  vat ${t.num},
  tax_number ${t.text},
  iban ${t.text},
  bic ${t.text},
  payment_target ${t.int},
  payment_target_discount ${t.int},
  inactive ${t.bool} NOT NULL DEFAULT ${t.false},
  billing_procedure ${t.bool},
  automated_invoicing ${t.bool},
  debit_payment ${t.bool},
  department_id ${t.int} NOT NULL,
  travel_expense_flat_per_day ${t.int},
  travel_expense_flat_per_journey ${t.int},
  created ${t.timestamp},
  modified ${t.timestamp},
  FOREIGN KEY (tenant_id, department_id) REFERENCES departments (tenant_id, id)
  ${t.tenantPk}
);
${t.tenantIdIndex('customers')}
CREATE UNIQUE INDEX customers_number ON customers (tenant_id, customer_number);
CREATE INDEX customers_name ON customers (tenant_id, name, customer_number);
CREATE INDEX customers_inactive ON customers (tenant_id, inactive, customer_number);
CREATE INDEX customers_created ON customers (tenant_id, created);
CREATE INDEX customers_modified ON customers (tenant_id, modified);
CREATE INDEX customers_department ON customers (tenant_id, department_id);

CREATE TABLE employees (
  ${owned},
  username ${t.text} NOT NULL,
  firstname ${t.text} NOT NULL,
  lastname ${t.text} NOT NULL,
  personal_number ${t.text},
  street ${t.text},
  zip ${t.text},
  city ${t.text},
  country ${t.text},
  abbreviation ${t.text},
  salutation ${t.text},
  title ${t.text},
  email ${t.text},
  phone ${t.text},
  mobile ${t.text},
  fax ${t.text},
  private_phone ${t.text},
  birthdate ${t.date},
  iban ${t.text},
  bic ${t.text},
  account_no ${t.text},
  bank_name ${t.text},
  bank_code ${t.text},
  currency ${t.text},
  approval_date ${t.date},
  vat ${t.text},
  price_group ${t.text},
  employment ${t.int} NOT NULL DEFAULT 0,
  rights ${t.int} NOT NULL DEFAULT 0,
  department_id ${t.int} NOT NULL,
  language ${t.text},
  personio_id ${t.text},
  cost_bearer ${t.text},
  tax_id ${t.text},
  creditor_number ${t.text},
  oauth_username ${t.text},
  password_hash ${t.text},
  created ${t.timestamp},
  modified ${t.timestamp},
  FOREIGN KEY (tenant_id, department_id) REFERENCES departments (tenant_id, id),
  FOREIGN KEY (tenant_id, price_group) REFERENCES price_groups (tenant_id, name) ON UPDATE CASCADE
  ${t.tenantPk}
);
${t.tenantIdIndex('employees')}
CREATE UNIQUE INDEX employees_username ON employees (tenant_id, username);
CREATE INDEX employees_personal_number ON employees (tenant_id, personal_number);
CREATE INDEX employees_department ON employees (tenant_id, department_id, username);
CREATE INDEX employees_lastname ON employees (tenant_id, lastname, username);
CREATE INDEX employees_modified ON employees (tenant_id, modified);

CREATE TABLE price_tables (
  ${owned},
  level ${t.text} NOT NULL,
  customer_number ${t.text},
  project_id ${t.int},
  start_date ${t.date},
  created ${t.timestamp},
  modified ${t.timestamp},
  FOREIGN KEY (tenant_id, customer_number) REFERENCES customers (tenant_id, customer_number) ON UPDATE CASCADE ON DELETE CASCADE
  ${t.tenantPk}
);
${t.tenantIdIndex('price_tables')}
CREATE INDEX price_tables_level ON price_tables (tenant_id, level, start_date);
CREATE INDEX price_tables_customer ON price_tables (tenant_id, customer_number, start_date);
CREATE INDEX price_tables_project ON price_tables (tenant_id, project_id, start_date);

CREATE TABLE prices (
  ${owned},
  price_table_id ${t.int} NOT NULL,
  price_group ${t.text} NOT NULL,
  price ${t.num} NOT NULL,
  type ${t.text},
  activity ${t.text},
  ahr_factor ${t.num},
  FOREIGN KEY (tenant_id, price_table_id) REFERENCES price_tables (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, price_group) REFERENCES price_groups (tenant_id, name) ON UPDATE CASCADE,
  FOREIGN KEY (tenant_id, activity) REFERENCES activities (tenant_id, name) ON UPDATE CASCADE
  ${t.tenantPk}
);
${t.tenantIdIndex('prices')}
CREATE INDEX prices_table ON prices (tenant_id, price_table_id, id);

CREATE TABLE price_factors (
  ${owned},
  price_table_id ${t.int} NOT NULL,
  day ${t.int} NOT NULL,
  start_time ${t.time},
  end_time ${t.time},
  factor ${t.num} NOT NULL,
  activity_id ${t.int},
  FOREIGN KEY (tenant_id, price_table_id) REFERENCES price_tables (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, activity_id) REFERENCES activities (tenant_id, id)
  ${t.tenantPk}
);
${t.tenantIdIndex('price_factors')}
CREATE INDEX price_factors_table ON price_factors (tenant_id, price_table_id, id)
`,
    );
  },
};
