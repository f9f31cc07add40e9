// GET/POST /invoices/{invoice_number}/attachments, GET/DELETE …/{attachment_id} and …/{attachment_id}/content: the
// invoice's documents in the one attachment store (modules/attachments; uploads as for tickets: JSON base64 or
// multipart, size limit 413, type checks 422). A stored document makes creator_username visible. The documents
// of a Billed invoice stay: their DELETE is 422.
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import { DataArray, MAX_ID, responses, Single } from '../../http/schemas.js';
import { notFound } from '../../http/errors.js';
import { addAttachment, attachmentFields, attachmentMeta, base64Content, contentRoute, deleteAttachment, findAttachment, listAttachments, uploads, type AttachmentMeta } from '../attachments/index.js';
import { refuseWhileBilled, requireInvoice } from './invoices.service.js';
import { InvoiceNumberParam } from './invoices.schemas.js';

const tags = ['Invoice attachments'];
const InvoiceParams = Type.Object({ invoice_number: InvoiceNumberParam });
const AttachmentParams = Type.Object({ invoice_number: InvoiceNumberParam, attachment_id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });

export const InvoiceAttachment = Type.Object({
  id: Type.Integer(),
  invoice_number: Type.String(),
  ...attachmentFields,
  file_contents: Type.Optional(Type.String({ description: 'Base64; single attachment only.' })),
});

async function invoiceOwner(db: TenantDb, invoiceNumber: string) {
  const invoice = await requireInvoice(db, invoiceNumber);
  return { invoice, owner: { type: 'invoice' as const, id: Number(invoice.id) } };
}

export default async function invoiceAttachmentRoutes(app: ZkApp) {
  const upload = await uploads(app);
  const show = (invoiceNumber: string) => (r: AttachmentMeta) => ({ id: Number(r.id), invoice_number: invoiceNumber, ...attachmentMeta(r) });

  app.post(
    '/invoices/:invoice_number/attachments',
    { bodyLimit: upload.route.bodyLimit, schema: { summary: 'Upload a document to an invoice (JSON base64 or multipart/form-data)', tags, params: InvoiceParams, body: upload.route.body, response: upload.responses } },
    async (req) => {
      const { owner } = await invoiceOwner(req.db, req.params.invoice_number);
      await addAttachment(req.db, owner, await upload.read(req));
      return { success: true };
    },
  );

  app.get(
    '/invoices/:invoice_number/attachments',
    { schema: { summary: "List an invoice's attachments (metadata)", tags, params: InvoiceParams, response: responses({ 200: DataArray(InvoiceAttachment) }) } },
    async (req) => {
      const { invoice, owner } = await invoiceOwner(req.db, req.params.invoice_number);
      return { data: (await listAttachments(req.db, owner)).map(show(invoice.invoice_number)) };
    },
  );

  app.get(
    '/invoices/:invoice_number/attachments/:attachment_id',
    { schema: { summary: 'Get one invoice attachment with its base64 contents', tags, params: AttachmentParams, response: responses({ 200: Single(InvoiceAttachment) }) } },
    async (req) => {
      const { invoice, owner } = await invoiceOwner(req.db, req.params.invoice_number);
      const row = await findAttachment(req.db, owner, req.params.attachment_id);
      if (!row) throw notFound('Attachment');
      return { data: { ...show(invoice.invoice_number)(row), file_contents: await base64Content(req.db, row) } };
    },
  );

  app.delete(
    '/invoices/:invoice_number/attachments/:attachment_id',
    { schema: { summary: 'Delete an invoice attachment (not while the invoice is billed)', tags, params: AttachmentParams, response: responses({ 204: Type.Null() }, { write: true }) } },
    async (req, reply) => {
      const { invoice, owner } = await invoiceOwner(req.db, req.params.invoice_number);
      if (!(await findAttachment(req.db, owner, req.params.attachment_id))) throw notFound('Attachment');
      refuseWhileBilled(invoice);
      await deleteAttachment(req.db, owner, req.params.attachment_id);
      return reply.code(204).send();
    },
  );

  contentRoute(app, {
    url: '/invoices/:invoice_number/attachments/:attachment_id/content',
    tags,
    params: AttachmentParams,
    target: async (req) => {
      const { invoice_number, attachment_id } = req.params as { invoice_number: string; attachment_id: number };
      return { owner: (await invoiceOwner(req.db, invoice_number)).owner, attachmentId: attachment_id };
    },
  });
}
