// The file of a receipt (docs/api/receipts.md), in the one attachment store: PUT /receipts/{id}/attachments
// {filename, file_contents (base64)} or multipart -> {"success": true} (a second PUT replaces the file);
// GET -> {data: {filename, content_type, size, file_contents}}; DELETE -> 204; GET …/attachments/content the raw
// file. Uploading and deleting change the receipt: refused while it is billed, invoiced or in a closed month.
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { MAX_ID, responses, Single } from '../../http/schemas.js';
import { notFound } from '../../values/errors.js';
import { scopeOf } from '../crud/index.js';
import {
  attachmentFields,
  attachmentMeta,
  base64Content,
  contentRoute,
  deleteAttachments,
  findAttachment,
  putSingleAttachment,
  uploads,
} from '../attachments/index.js';
import { requireReceipt, whileChangeable } from './receipts.service.js';

const tags = ['Receipt attachments'];
const params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
const owner = (id: number) => ({ type: 'receipt' as const, id });

const ReceiptFile = Type.Object({ ...attachmentFields, file_contents: Type.String({ description: 'Base64.' }) });

export default async function receiptAttachmentRoutes(app: ZkApp) {
  const upload = await uploads(app);

  app.put(
    '/receipts/:id/attachments',
    {
      bodyLimit: upload.route.bodyLimit,
      schema: {
        summary: 'Attach a file to a receipt, replacing its file (JSON base64 or multipart/form-data)',
        tags,
        params,
        body: upload.route.body,
        response: upload.responses,
      },
    },
    async (req) => {
      await requireReceipt(req.db, req.params.id);
      const file = await upload.read(req);
      await whileChangeable(scopeOf(app, req), req.params.id, (trx) =>
        putSingleAttachment(trx, owner(req.params.id), file),
      );
      return { success: true };
    },
  );

  app.get(
    '/receipts/:id/attachments',
    {
      schema: {
        summary: "Get a receipt's file with its base64 contents",
        tags,
        params,
        response: responses({ 200: Single(ReceiptFile) }),
      },
    },
    async (req) => {
      await requireReceipt(req.db, req.params.id);
      const meta = await findAttachment(req.db, owner(req.params.id));
      if (!meta) throw notFound('Attachment');
      return { data: { ...attachmentMeta(meta), file_contents: await base64Content(req.db, meta) } };
    },
  );

  app.delete(
    '/receipts/:id/attachments',
    {
      schema: {
        summary: "Delete a receipt's file",
        tags,
        params,
        response: responses({ 204: Type.Null() }, { write: true }),
      },
    },
    async (req, reply) => {
      const deleted = await whileChangeable(scopeOf(app, req), req.params.id, (trx) =>
        deleteAttachments(trx, owner(req.params.id)),
      );
      if (deleted === 0) throw notFound('Attachment');
      return reply.code(204).send();
    },
  );

  contentRoute(app, {
    url: '/receipts/:id/attachments/content',
    tags,
    params,
    target: async (req) => {
      const { id } = req.params as { id: number };
      await requireReceipt(req.db, id);
      return { owner: owner(id) };
    },
  });
}
