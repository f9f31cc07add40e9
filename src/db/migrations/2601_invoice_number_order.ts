// The invoice list sorts invoice numbers naturally (1, 2, 3, 10, INV-9: docs/api/commercial.md "Invoices"), in SQL,
// by a key stored with each number (src/modules/invoices/invoice-number-order.ts), indexed for the default order.
// The key function is copied here so this migration stays as it ran.
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl } from '../dialect.js';

const sortKey = (n: string) =>
  n.replace(/[0-9]+/g, (digits) => {
    const significant = digits.replace(/^0+(?=[0-9])/, '');
    return String(significant.length).padStart(2, '0') + significant;
  });

export const invoiceNumberOrder: Migration = {
  version: '2601_invoice_number_order',
  async up(db, dialect) {
    const t = ddl(dialect);
    await execScript(db, `ALTER TABLE invoices ADD COLUMN number_sort ${t.text} NOT NULL DEFAULT ''`);
    const rows = await db.selectFrom('invoices').select(['tenant_id', 'id', 'invoice_number']).execute();
    for (const r of rows) {
      await db
        .updateTable('invoices')
        .set({ number_sort: sortKey(r.invoice_number) })
        .where('tenant_id', '=', r.tenant_id)
        .where('id', '=', r.id)
        .execute();
    }
    await execScript(db, 'CREATE INDEX invoices_number_sort ON invoices (tenant_id, number_sort, invoice_number)');
  },
};
