// Receipts: the header with its amount lines and its file.
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { AreaRows } from '../../access/rows.js';
import receiptRoutes from './receipts.routes.js';
import receiptAmountRoutes from './receipt-amounts.routes.js';
import receiptAttachmentRoutes from './receipt-attachments.routes.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Receipts: 'billing', 'Receipt attachments': 'billing' };

/** The rows a person with a narrower grant than all reaches (access/rows.ts, docs/api/permissions.md). */
export const rowRules: AreaRows = {
  own: {
    query: 'employee_id',
    body: 'employee_id',
    record: {
      table: 'receipts',
      column: 'employee_id',
      paths: [
        '/receipts/:id',
        '/receipts/:id/attachments',
        '/receipts/:id/attachments/content',
        '/receipts/:receipt/amounts',
        '/receipts/:receipt/amounts/:amount_id',
      ],
    },
  },
};

export default async function receipts(app: ZkApp) {
  await app.register(receiptRoutes);
  await app.register(receiptAmountRoutes);
  await app.register(receiptAttachmentRoutes);
}
