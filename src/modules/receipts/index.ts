// Receipts: the header with its amount lines and its file.
import type { ZkApp } from '../../types.js';
import receiptRoutes from './receipts.routes.js';
import receiptAmountRoutes from './receipt-amounts.routes.js';
import receiptAttachmentRoutes from './receipt-attachments.routes.js';

export default async function receipts(app: ZkApp) {
  await app.register(receiptRoutes);
  await app.register(receiptAmountRoutes);
  await app.register(receiptAttachmentRoutes);
}
