// Receipts: the header with its amount lines and its file.
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { Reference } from '../../db/references.js';
import type { AreaRows } from '../../access/rows.js';
import receiptRoutes from './receipts.routes.js';
import receiptAmountRoutes from './receipt-amounts.routes.js';
import receiptAttachmentRoutes from './receipt-attachments.routes.js';

export { examples } from './receipts.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Receipts: 'billing', 'Receipt attachments': 'billing' };

/** Columns of this module's tables that name other records: their deletes are refused while rows refer to them. */
export const references: Reference[] = [
  { table: 'receipts', column: 'receipt_type_id', to: 'receipt_types', by: 'name', what: 'receipts', order: 70 },
  { table: 'receipts', column: 'project_id', to: 'projects', what: 'receipts', order: 70 },
  { table: 'receipts', column: 'project_task_id', to: 'project_tasks', what: 'receipts', order: 70 },
  { table: 'receipts', column: 'ticket_id', to: 'tickets', what: 'receipts', order: 70 },
  { table: 'receipts', column: 'subtask_id', to: 'ticket_subtasks', what: 'receipts', order: 70 },
  { table: 'receipts', column: 'invoice_item_id', to: 'invoice_items', what: 'receipts', order: 70 },
];

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

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.personal;

export default async function receipts(app: ZkApp) {
  await app.register(receiptRoutes);
  await app.register(receiptAmountRoutes);
  await app.register(receiptAttachmentRoutes);
}
