// GET /receipts (list conventions + start_date, end_date, employee_id, project_id, billing_status[]),
// GET/PATCH/PUT/DELETE /receipts/{id} (the header only), POST /receipts: 201 with the header, or 200 with the
// stored receipt when the employee already used the client_id (receipts.service.ts holds the rules).
import type { ZkApp } from '../../types.js';
import { responses, Single } from '../../http/schemas.js';
import { resourceRoutes, scopeOf } from '../crud/index.js';
import { Receipt, ReceiptCreate, ReceiptListQuery, ReceiptUpdate } from './receipts.schemas.js';
import { receiptListSpec } from './receipts.repository.js';
import { createReceipt, receipts } from './receipts.service.js';

const tags = ['Receipts'];

export default async function receiptRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Receipt',
    plural: 'receipts',
    tags,
    path: '/receipts',
    records: {
      table: 'receipts',
      derivations: [
        { table: 'receipt_amounts', match: { id: 'receipt_id' } },
        // the file's name
        {
          table: 'attachments',
          where: { owner_type: 'receipt' },
          columns: ['owner_id', 'filename'],
          match: { id: 'owner_id' },
        },
      ],
    },
    resource: Receipt,
    repository: receipts,
    list: { query: ReceiptListQuery, spec: receiptListSpec },
    update: { body: ReceiptUpdate },
    summaries: {
      get: 'Get a receipt (the header only)',
      update: 'Update a receipt (only submitted fields change; receiptAmounts replace the lines; PUT is an alias)',
      remove: 'Delete a receipt with its amount lines and file',
    },
  });

  app.post(
    '/receipts',
    {
      schema: {
        summary: 'Create a receipt with its amount lines (200 with the stored receipt for a client_id already used)',
        tags,
        body: ReceiptCreate,
        response: responses({ 200: Single(Receipt), 201: Single(Receipt) }, { write: true }),
      },
    },
    async (req, reply) => {
      const s = scopeOf(app, req);
      const { row, created } = await createReceipt(s, req.body);
      return reply.code(created ? 201 : 200).send({ data: await receipts.show(s, row) });
    },
  );
}
