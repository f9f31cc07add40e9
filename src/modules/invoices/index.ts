// Invoices, their items and attachments (issue 18).
import type { ZkApp } from '../../types.js';
import invoices from './invoices.routes.js';

export default async function invoicesArea(app: ZkApp) {
  await app.register(invoices);
}
