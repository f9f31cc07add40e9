// Invoices, their items and attachments.
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import invoices from './invoices.routes.js';
import items from './invoice-items.routes.js';
import attachments from './invoice-attachments.routes.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Invoices: 'billing', 'Invoice items': 'billing', 'Invoice attachments': 'billing' };

export default async function invoicesArea(app: ZkApp) {
  await app.register(invoices);
  await app.register(items);
  await app.register(attachments);
}
