// Invoices and invoice items (docs/api/commercial.md), the tenant's invoice number sequence, and the index by
// which an invoice item finds the bookings it bills. Money is stored in scaled integers (values/money.ts): amounts in
// cents, quantities in 1/10^5, unit prices and VAT percentages in 1/10^4 (the scales the reference prints).
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl } from '../dialect.js';

const INVOICE_SORT_COLUMNS = [
  'billing_kind',
  'date',
  'amount_cents',
  'status',
  'currency',
  'correction_date',
  'payment_terms_date',
  'payment_terms',
  'email_sent_at',
  'customer_number',
  'title',
  'type',
  'created',
  'modified',
];
const ITEM_SORT_COLUMNS = [
  'invoice_id',
  'project_id',
  'status',
  'planned_date',
  'billed_date',
  'sorting',
  'created',
  'modified',
];

export const invoices: Migration = {
  version: '1801_invoices',
  async up(db, dialect) {
    const t = ddl(dialect);
    await execScript(
      db,
      `
CREATE TABLE invoices (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id ${t.id},
  invoice_number ${t.text} NOT NULL,
  billing_kind ${t.int} NOT NULL DEFAULT 0,
  date ${t.date} NOT NULL,
  amount_cents ${t.int} NOT NULL DEFAULT 0,
  status ${t.int} NOT NULL,
  currency ${t.text} NOT NULL,
  correction_date ${t.date},
  payment_terms_date ${t.date},
  payment_terms ${t.int},
  address ${t.text},
  email_sent_at ${t.timestamp},
  email_recipient ${t.text},
  customer_number ${t.text} NOT NULL,
  title ${t.text},
  type ${t.text},
  note ${t.text},
  creator_username ${t.text},
  corrector_username ${t.text},
  created ${t.timestamp},
  modified ${t.timestamp},
  FOREIGN KEY (tenant_id, customer_number) REFERENCES customers (tenant_id, customer_number) ON UPDATE CASCADE,
  FOREIGN KEY (tenant_id, creator_username) REFERENCES employees (tenant_id, username) ON UPDATE CASCADE,
  FOREIGN KEY (tenant_id, corrector_username) REFERENCES employees (tenant_id, username) ON UPDATE CASCADE
  ${t.tenantPk}
);
${t.tenantIdIndex('invoices')}
CREATE UNIQUE INDEX invoices_number ON invoices (tenant_id, invoice_number);
${INVOICE_SORT_COLUMNS.map((c) => `CREATE INDEX invoices_${c} ON invoices (tenant_id, ${c}, invoice_number);`).join('\n')}

CREATE TABLE invoice_number_counters (
  tenant_id ${t.int} NOT NULL PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  last_number ${t.int} NOT NULL
);

CREATE TABLE invoice_items (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id ${t.id},
  invoice_id ${t.int},
  project_id ${t.int},
  project_task_id ${t.int},
  ticket_id ${t.int},
  article_id ${t.int},
  customer_number ${t.text},
  description ${t.text},
  from_date ${t.date},
  to_date ${t.date},
  repetition ${t.text},
  quantity_e5 ${t.int} NOT NULL,
  unit_price_e4 ${t.int} NOT NULL,
  unit ${t.text},
  currency ${t.text} NOT NULL,
  language ${t.text} NOT NULL,
  status ${t.int} NOT NULL,
  kind ${t.int} NOT NULL,
  type ${t.int} NOT NULL,
  invoice_text ${t.text},
  sorting ${t.text},
  contains_working_hours ${t.bool},
  contains_receipts ${t.bool},
  contains_travel_expenses ${t.bool},
  planned_amount_cents ${t.int},
  planned_date ${t.date},
  billed_amount_cents ${t.int},
  billed_date ${t.timestamp},
  vat_e4 ${t.int},
  created ${t.timestamp},
  modified ${t.timestamp},
  FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id),
  FOREIGN KEY (tenant_id, project_id) REFERENCES projects (tenant_id, id),
  FOREIGN KEY (tenant_id, project_task_id) REFERENCES project_tasks (tenant_id, id),
  FOREIGN KEY (tenant_id, ticket_id) REFERENCES tickets (tenant_id, id),
  FOREIGN KEY (tenant_id, customer_number) REFERENCES customers (tenant_id, customer_number) ON UPDATE CASCADE
  ${t.tenantPk}
);
${t.tenantIdIndex('invoice_items')}
${ITEM_SORT_COLUMNS.map((c) => `CREATE INDEX invoice_items_${c} ON invoice_items (tenant_id, ${c}, id);`).join('\n')}
CREATE INDEX invoice_items_project_status ON invoice_items (tenant_id, project_id, status, id);
CREATE INDEX invoice_items_task ON invoice_items (tenant_id, project_task_id);
CREATE INDEX invoice_items_ticket ON invoice_items (tenant_id, ticket_id);
CREATE INDEX invoice_items_article ON invoice_items (tenant_id, article_id);
CREATE INDEX invoice_items_customer ON invoice_items (tenant_id, customer_number);
CREATE INDEX attendances_invoice_item ON attendances (tenant_id, invoice_item_id)
`,
    );
  },
};
