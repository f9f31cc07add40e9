// POST /tickets/{id}/attachments (reference §4.26): JSON {filename, file_contents (base64)} as documented, or
// multipart/form-data with one file (http/uploads.ts: size limit UPLOAD_LIMIT_BYTES -> 413, content type checked
// against an allow-list and, for common binary formats, the file's signature -> 422). Answers {"success": true}.
// GET lists the attachments' metadata; GET .../{attachment_id} returns one with its base64 contents.
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { DataArray, DateTimeOut, MAX_ID, Nullable, responses, Single } from '../../http/schemas.js';
import { notFound } from '../../http/errors.js';
import { readUpload, registerMultipart, uploadBodyLimit, UploadJson } from '../../http/uploads.js';
import { requireTicket } from './tickets.service.js';
import { findAttachment, insertAttachment, listAttachments, toAttachment } from './ticket-attachments.repository.js';

const tags = ['Ticket attachments'];
const TicketParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
const AttachmentParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }), attachment_id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });

export const Attachment = Type.Object({
  id: Type.Integer(),
  ticket_id: Type.Integer(),
  filename: Type.String(),
  content_type: Type.String(),
  size: Type.Integer(),
  created: Nullable(DateTimeOut()),
  file_contents: Type.Optional(Type.String({ description: 'Base64; single attachment only.' })),
});

export default async function ticketAttachmentRoutes(app: ZkApp) {
  const { config, files } = app.zk;
  const limit = config.uploadLimit;
  const jsonLimit = uploadBodyLimit(limit);
  await registerMultipart(app, limit);

  app.post(
    '/tickets/:id/attachments',
    {
      bodyLimit: jsonLimit,
      schema: {
        summary: 'Upload an attachment to a ticket (JSON base64 or multipart/form-data)',
        tags,
        params: TicketParams,
        body: { content: { 'application/json': { schema: UploadJson(jsonLimit) } } },
        response: responses({ 200: Type.Object({ success: Type.Boolean() }), 413: Type.Object({ message: Type.String() }) }, { write: true }),
      },
    },
    async (req) => {
      await requireTicket(req.db, req.params.id);
      const file = await readUpload(req, limit);
      await insertAttachment(req.db, req.params.id, { filename: file.filename, content_type: file.content_type, size: file.content.length, file_contents: await files.put(file.content) });
      return { success: true };
    },
  );

  app.get(
    '/tickets/:id/attachments',
    { schema: { summary: "List a ticket's attachments (metadata)", tags, params: TicketParams, response: responses({ 200: DataArray(Attachment) }) } },
    async (req) => {
      await requireTicket(req.db, req.params.id);
      return { data: (await listAttachments(req.db, req.params.id)).map((r) => toAttachment(r)) };
    },
  );

  app.get(
    '/tickets/:id/attachments/:attachment_id',
    { schema: { summary: 'Get one attachment with its base64 contents', tags, params: AttachmentParams, response: responses({ 200: Single(Attachment) }) } },
    async (req) => {
      await requireTicket(req.db, req.params.id);
      const row = await findAttachment(req.db, req.params.id, req.params.attachment_id);
      if (!row) throw notFound('Attachment');
      return { data: { ...toAttachment(row), file_contents: (await files.get(row.file_contents)).toString('base64') } };
    },
  );
}
