// Customers area: addresses, managers and contacts owned by a customer (by its surrogate id, so renaming the
// customer number needs no cascade), plus indexes for every sort and filter GET /customers offers.
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl } from '../dialect.js';

/** Sortable customer columns not yet indexed by 0002 (free-text `comments` is sortable but not indexed). */
const SORT_COLUMNS = [
  'additional_name',
  'website',
  'email',
  'phone',
  'fax',
  'currency',
  'industry',
  'vat',
  'tax_number',
  'iban',
  'bic',
  'payment_target',
  'payment_target_discount',
  'billing_procedure',
  'automated_invoicing',
  'debit_payment',
  'travel_expense_flat_per_day',
  'travel_expense_flat_per_journey',
];

export const customers: Migration = {
  version: '0100_customers',
  async up(db, dialect) {
    const t = ddl(dialect);
    const owned = `tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,\n  id ${t.id}`;
    const customerFk = 'FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, id) ON DELETE CASCADE';
    await execScript(
      db,
      `
CREATE TABLE customer_addresses (
  ${owned},
  customer_id ${t.int} NOT NULL,
  name ${t.text} NOT NULL,
  address ${t.text},
  address_line_2 ${t.text},
  address_line_3 ${t.text},
  zip_code ${t.text},
  city ${t.text},
  country ${t.text},
  email ${t.text},
  email_cc ${t.text},
  email_bcc ${t.text},
  country_code ${t.text},
  is_default ${t.bool},
  is_billing_address ${t.bool},
  is_shipping_address ${t.bool},
  inactive ${t.bool},
  machine_readable_invoice_version ${t.int},
  ${customerFk}
  ${t.tenantPk}
);
${t.tenantIdIndex('customer_addresses')}
CREATE INDEX customer_addresses_customer ON customer_addresses (tenant_id, customer_id, id);

CREATE TABLE customer_managers (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  customer_id ${t.int} NOT NULL,
  username ${t.text} NOT NULL,
  has_edit_customer_data_permission ${t.bool},
  has_budget_responsibility_permission ${t.bool},
  is_primary_employee ${t.bool},
  PRIMARY KEY (tenant_id, customer_id, username),
  ${customerFk},
  FOREIGN KEY (tenant_id, username) REFERENCES employees (tenant_id, username) ON UPDATE CASCADE
);
CREATE INDEX customer_managers_username ON customer_managers (tenant_id, username);

CREATE TABLE customer_contacts (
  ${owned},
  customer_id ${t.int} NOT NULL,
  first_name ${t.text} NOT NULL,
  last_name ${t.text} NOT NULL,
  salutation ${t.text},
  title ${t.text},
  phone ${t.text},
  mobile ${t.text},
  fax ${t.text},
  email ${t.text},
  is_primary ${t.bool} NOT NULL DEFAULT ${t.false},
  job_title ${t.text},
  language ${t.text},
  inactive ${t.bool} NOT NULL DEFAULT ${t.false},
  department_id ${t.int},
  created ${t.timestamp},
  modified ${t.timestamp},
  ${customerFk},
  FOREIGN KEY (tenant_id, department_id) REFERENCES departments (tenant_id, id)
  ${t.tenantPk}
);
${t.tenantIdIndex('customer_contacts')}
CREATE INDEX customer_contacts_customer ON customer_contacts (tenant_id, customer_id, id);
CREATE INDEX customer_contacts_customer_last_name ON customer_contacts (tenant_id, customer_id, last_name, id);
CREATE INDEX customer_contacts_customer_modified ON customer_contacts (tenant_id, customer_id, modified);
CREATE INDEX customer_contacts_department ON customer_contacts (tenant_id, department_id);

CREATE INDEX customers_inactive_modified ON customers (tenant_id, inactive, modified);
${SORT_COLUMNS.map((c) => `CREATE INDEX customers_sort_${c} ON customers (tenant_id, ${c}, customer_number);`).join('\n')}
`,
    );
  },
};
