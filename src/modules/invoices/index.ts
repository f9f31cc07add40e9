// Invoices, their items and attachments.
import type { ZkApp } from '../../types.js';
import invoices from './invoices.routes.js';
import items from './invoice-items.routes.js';
import attachments from './invoice-attachments.routes.js';

export default async function invoicesArea(app: ZkApp) {
  await app.register(invoices);
  await app.register(items);
  await app.register(attachments);
}
