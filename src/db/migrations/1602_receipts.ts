// Receipts (expenses, docs/api/receipts.md): receipt types (master data, keyed by name), the receipt header
// and its amount lines. A client_id is unique per employee (the offline de-duplication), the lines go with their
// receipt; indexes for the list filters (date range, employee and month, project, billing status).
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl } from '../dialect.js';

export const receipts: Migration = {
  version: '1602_receipts',
  async up(db, dialect) {
    const t = ddl(dialect);
    const owned = `tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,\n  id ${t.id}`;
    await execScript(
      db,
      `
CREATE TABLE receipt_types (
  ${owned},
  name ${t.text} NOT NULL,
  description ${t.text},
  tax_rates ${t.json} NOT NULL,
  default_payment_method ${t.text},
  created ${t.timestamp},
  modified ${t.timestamp}
  ${t.tenantPk}
);
${t.tenantIdIndex('receipt_types')}
CREATE UNIQUE INDEX receipt_types_name ON receipt_types (tenant_id, name);
CREATE INDEX receipt_types_modified ON receipt_types (tenant_id, modified);

CREATE TABLE receipts (
  ${owned},
  employee_id ${t.text} NOT NULL,
  date ${t.date} NOT NULL,
  receipt_type_id ${t.text} NOT NULL,
  currency ${t.text} NOT NULL,
  invoice_amount_currency ${t.text} NOT NULL,
  note ${t.text},
  payment_method ${t.text} NOT NULL,
  breakfast ${t.num} NOT NULL DEFAULT 0,
  lunch_or_dinner ${t.num} NOT NULL DEFAULT 0,
  location ${t.text},
  is_amount_net ${t.bool} NOT NULL,
  is_invoice_amount_net ${t.bool},
  billing_status ${t.int},
  performance_date ${t.date},
  client_id ${t.int},
  invoice_item_id ${t.int},
  project_id ${t.int} NOT NULL,
  project_task_id ${t.int},
  ticket_id ${t.int},
  subtask_id ${t.int},
  created ${t.timestamp},
  modified ${t.timestamp},
  FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, username) ON UPDATE CASCADE,
  FOREIGN KEY (tenant_id, receipt_type_id) REFERENCES receipt_types (tenant_id, name) ON UPDATE CASCADE,
  FOREIGN KEY (tenant_id, project_id) REFERENCES projects (tenant_id, id),
  FOREIGN KEY (tenant_id, project_task_id) REFERENCES project_tasks (tenant_id, id),
  FOREIGN KEY (tenant_id, ticket_id) REFERENCES tickets (tenant_id, id),
  FOREIGN KEY (tenant_id, subtask_id) REFERENCES ticket_subtasks (tenant_id, id)
  ${t.tenantPk}
);
${t.tenantIdIndex('receipts')}
CREATE UNIQUE INDEX receipts_client ON receipts (tenant_id, employee_id, client_id) WHERE client_id IS NOT NULL;
CREATE INDEX receipts_date ON receipts (tenant_id, date, id);
CREATE INDEX receipts_employee_date ON receipts (tenant_id, employee_id, date, id);
CREATE INDEX receipts_project ON receipts (tenant_id, project_id, date, id);
CREATE INDEX receipts_billing_status ON receipts (tenant_id, billing_status, id);
CREATE INDEX receipts_type ON receipts (tenant_id, receipt_type_id, id);
CREATE INDEX receipts_task ON receipts (tenant_id, project_task_id);
CREATE INDEX receipts_ticket ON receipts (tenant_id, ticket_id);
CREATE INDEX receipts_subtask ON receipts (tenant_id, subtask_id);
CREATE INDEX receipts_modified ON receipts (tenant_id, modified);

CREATE TABLE receipt_amounts (
  ${owned},
  receipt_id ${t.int} NOT NULL,
  tax ${t.num} NOT NULL,
  quantity ${t.num} NOT NULL,
  amount ${t.num} NOT NULL,
  invoicing_share ${t.num},
  private_share ${t.num},
  FOREIGN KEY (tenant_id, receipt_id) REFERENCES receipts (tenant_id, id) ON DELETE CASCADE
  ${t.tenantPk}
);
${t.tenantIdIndex('receipt_amounts')}
CREATE INDEX receipt_amounts_receipt ON receipt_amounts (tenant_id, receipt_id, id)
`,
    );
  },
};
