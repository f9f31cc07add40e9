// GET/POST /invoices/{invoice_number}/attachments, GET/DELETE …/{attachment_id} and …/{attachment_id}/content: the
// invoice's documents in the one attachment store (modules/attachments; uploads as for tickets: JSON base64 or
// multipart, size limit 413, type checks 422). A stored document makes creator_username visible. The documents
// of a Billed invoice stay: their DELETE is 422.
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { attachmentFields, fileRoutes } from '../attachments/index.js';
import { refuseWhileBilled, requireInvoice } from './invoices.service.js';
import { InvoiceNumberParam } from './invoices.schemas.js';

export const InvoiceAttachment = Type.Object({
  id: Type.Integer(),
  invoice_number: Type.String(),
  ...attachmentFields,
  file_contents: Type.Optional(Type.String({ description: 'Base64; single attachment only.' })),
});

export default async function invoiceAttachmentRoutes(app: ZkApp) {
  await fileRoutes(app, {
    url: '/invoices/:invoice_number/attachments',
    key: 'attachment_id',
    ownerParams: { invoice_number: InvoiceNumberParam },
    tags: ['Invoice attachments'],
    noun: 'attachment',
    ownerNoun: 'invoice',
    schema: InvoiceAttachment,
    deletable: true,
    summaries: { remove: 'Delete an invoice attachment (not while the invoice is billed)' },
    records: { ownerType: 'invoice', ownerKey: { column: 'owner_id', table: 'invoices', field: 'invoice_number' } },
    owner: async (db, params) => {
      const invoice = await requireInvoice(db, String(params.invoice_number));
      return {
        owner: { type: 'invoice', id: Number(invoice.id) },
        shows: { invoice_number: invoice.invoice_number },
        refuseDelete: () => refuseWhileBilled(invoice),
      };
    },
  });
}
