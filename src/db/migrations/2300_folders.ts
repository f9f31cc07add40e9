// Folders: a tree of named folders per tenant, each optionally referring to a project and/or a
// customer (by customer number). Their documents live in the one attachment store (owner type 'folder').
// Also the index the invoice-item delete refusal reads for linked receipts (receipts.invoice_item_id).
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl } from '../dialect.js';

/** Sortable folder columns; each has an index, tenant first. */
const FOLDER_SORT_COLUMNS = ['name', 'parent_id', 'project_id', 'customer_id', 'created', 'modified'];

export const folders: Migration = {
  version: '2300_folders',
  async up(db, dialect) {
    const t = ddl(dialect);
    await execScript(
      db,
      `
CREATE TABLE folders (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id ${t.id},
  name ${t.text} NOT NULL,
  parent_id ${t.int},
  project_id ${t.int},
  customer_id ${t.text},
  created ${t.timestamp},
  modified ${t.timestamp},
  FOREIGN KEY (tenant_id, parent_id) REFERENCES folders (tenant_id, id),
  FOREIGN KEY (tenant_id, project_id) REFERENCES projects (tenant_id, id),
  FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, customer_number) ON UPDATE CASCADE
  ${t.tenantPk}
);
${t.tenantIdIndex('folders')}
${FOLDER_SORT_COLUMNS.map((c) => `CREATE INDEX folders_${c} ON folders (tenant_id, ${c}, id);`).join('\n')}
CREATE INDEX receipts_invoice_item ON receipts (tenant_id, invoice_item_id)
`,
    );
  },
};
