// Receipts: the header with its amount lines and its file.
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import receiptRoutes from './receipts.routes.js';
import receiptAmountRoutes from './receipt-amounts.routes.js';
import receiptAttachmentRoutes from './receipt-attachments.routes.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Receipts: 'billing', 'Receipt attachments': 'billing' };

export default async function receipts(app: ZkApp) {
  await app.register(receiptRoutes);
  await app.register(receiptAmountRoutes);
  await app.register(receiptAttachmentRoutes);
}
