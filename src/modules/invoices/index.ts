// Invoices, their items and attachments.
import { type AreaGrants, GRANT } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { Reference } from '../../db/references.js';
import invoices from './invoices.routes.js';
import items from './invoice-items.routes.js';
import attachments from './invoice-attachments.routes.js';

export { examples } from './invoices.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Invoices: 'billing', 'Invoice items': 'billing', 'Invoice attachments': 'billing' };

/** Columns of this module's tables that name other records: their deletes are refused while rows refer to them. */
export const references: Reference[] = [
  { table: 'invoices', column: 'customer_number', to: 'customers', by: 'customer_number', what: 'invoices', order: 85 },
  { table: 'invoice_items', column: 'project_id', to: 'projects', what: 'invoice items', order: 90 },
  {
    table: 'invoice_items',
    column: 'customer_number',
    to: 'customers',
    by: 'customer_number',
    what: 'invoice items',
    order: 90,
  },
  { table: 'invoice_items', column: 'article_id', to: 'articles', what: 'invoice items', order: 90 },
];

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = { controller: GRANT.all, administrator: GRANT.all };

export default async function invoicesArea(app: ZkApp) {
  await app.register(invoices);
  await app.register(items);
  await app.register(attachments);
}
