// Offers and their items (docs/api/commercial.md). Money and quantities are scaled integers, never binary
// floating point: quantity and single_price in 1/10000, amounts in cents, VAT percentages in 1/100 percent
// (docs/api/commercial.md). An offer names its customer by number and a contact of that customer by id.
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl } from '../dialect.js';

/** Sortable offer columns (the writable fields, created, modified); each has an index, tenant first. */
const OFFER_SORT_COLUMNS = [
  'title',
  'status',
  'status_since',
  'valid_until',
  'order_date',
  'realization_from',
  'realization_until',
  'processor_username',
  'customer_id',
  'customer_contact_id',
  'department_id',
  'project_id',
  'ticket_id',
  'default_validity',
  'order_probability_percent',
  'is_net',
  'created',
  'modified',
];

export const offers: Migration = {
  version: '1800_offers',
  async up(db, dialect) {
    const t = ddl(dialect);
    await execScript(
      db,
      `
CREATE TABLE offers (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id ${t.id},
  title ${t.text},
  status ${t.int} NOT NULL,
  status_since ${t.timestamp},
  valid_until ${t.date},
  order_date ${t.date},
  realization_from ${t.date},
  realization_until ${t.date},
  processor_username ${t.text},
  customer_id ${t.text},
  customer_contact_id ${t.int},
  department_id ${t.int},
  project_id ${t.int},
  ticket_id ${t.int},
  default_validity ${t.int},
  order_probability_percent ${t.num},
  is_net ${t.bool} NOT NULL DEFAULT ${t.true},
  created ${t.timestamp},
  modified ${t.timestamp},
  FOREIGN KEY (tenant_id, processor_username) REFERENCES employees (tenant_id, username) ON UPDATE CASCADE,
  FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, customer_number) ON UPDATE CASCADE,
  FOREIGN KEY (tenant_id, customer_contact_id) REFERENCES customer_contacts (tenant_id, id),
  FOREIGN KEY (tenant_id, department_id) REFERENCES departments (tenant_id, id),
  FOREIGN KEY (tenant_id, project_id) REFERENCES projects (tenant_id, id),
  FOREIGN KEY (tenant_id, ticket_id) REFERENCES tickets (tenant_id, id)
  ${t.tenantPk}
);
${t.tenantIdIndex('offers')}
${OFFER_SORT_COLUMNS.map((c) => `CREATE INDEX offers_${c} ON offers (tenant_id, ${c}, id);`).join('\n')}

CREATE TABLE offer_items (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id ${t.id},
  offer_id ${t.int} NOT NULL,
  type ${t.text} NOT NULL,
  position ${t.text},
  label ${t.text},
  description ${t.text},
  quantity_e4 ${t.int} NOT NULL DEFAULT 0,
  single_price_e4 ${t.int} NOT NULL DEFAULT 0,
  amount_deviating_net_cents ${t.int},
  receipts_mileage_money_cents ${t.int},
  additional_meal_expenses_cents ${t.int},
  vat_e2 ${t.int},
  display_calculation ${t.bool} NOT NULL DEFAULT ${t.true},
  display_total ${t.bool} NOT NULL DEFAULT ${t.true},
  is_alternative ${t.bool} NOT NULL DEFAULT ${t.false},
  sort_order ${t.int},
  article_id ${t.int},
  expenditure_billing_type ${t.text},
  created ${t.timestamp},
  modified ${t.timestamp},
  FOREIGN KEY (tenant_id, offer_id) REFERENCES offers (tenant_id, id) ON DELETE CASCADE
  ${t.tenantPk}
);
${t.tenantIdIndex('offer_items')}
CREATE INDEX offer_items_offer ON offer_items (tenant_id, offer_id, sort_order, id);
CREATE INDEX offer_items_article ON offer_items (tenant_id, article_id)
`,
    );
  },
};
