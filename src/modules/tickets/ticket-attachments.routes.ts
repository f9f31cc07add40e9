// POST /tickets/{id}/attachments (reference §4.26): JSON {filename, file_contents (base64)} as documented, or
// multipart/form-data with one file (http/uploads.ts: size limit UPLOAD_LIMIT_BYTES -> 413, content type checked
// against an allow-list and, for common binary formats, the file's signature -> 422). Answers {"success": true}.
// GET lists the attachments' metadata; GET .../{attachment_id} returns one with its base64 contents, and
// .../{attachment_id}/content the raw file. The files live in the one attachment store (modules/attachments).
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import { DataArray, MAX_ID, responses, Single } from '../../http/schemas.js';
import { notFound } from '../../http/errors.js';
import { addAttachment, attachmentFields, attachmentMeta, base64Content, contentRoute, findAttachment, listAttachments, uploads, type AttachmentMeta } from '../attachments/index.js';
import { requireTicket } from './tickets.service.js';

const tags = ['Ticket attachments'];
const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const TicketParams = Type.Object({ id: Id });
const AttachmentParams = Type.Object({ id: Id, attachment_id: Id });

export const Attachment = Type.Object({
  id: Type.Integer(),
  ticket_id: Type.Integer(),
  ...attachmentFields,
  file_contents: Type.Optional(Type.String({ description: 'Base64; single attachment only.' })),
});

const toAttachment = (r: AttachmentMeta) => ({ id: Number(r.id), ticket_id: Number(r.owner_id), ...attachmentMeta(r) });

async function ticketOwner(db: TenantDb, id: number) {
  await requireTicket(db, id);
  return { type: 'ticket' as const, id };
}

export default async function ticketAttachmentRoutes(app: ZkApp) {
  const upload = await uploads(app);

  app.post(
    '/tickets/:id/attachments',
    { bodyLimit: upload.route.bodyLimit, schema: { summary: 'Upload an attachment to a ticket (JSON base64 or multipart/form-data)', tags, params: TicketParams, body: upload.route.body, response: upload.responses } },
    async (req) => {
      const owner = await ticketOwner(req.db, req.params.id);
      await addAttachment(req.db, owner, await upload.read(req));
      return { success: true };
    },
  );

  app.get(
    '/tickets/:id/attachments',
    { schema: { summary: "List a ticket's attachments (metadata)", tags, params: TicketParams, response: responses({ 200: DataArray(Attachment) }) } },
    async (req) => ({ data: (await listAttachments(req.db, await ticketOwner(req.db, req.params.id))).map(toAttachment) }),
  );

  app.get(
    '/tickets/:id/attachments/:attachment_id',
    { schema: { summary: 'Get one attachment with its base64 contents', tags, params: AttachmentParams, response: responses({ 200: Single(Attachment) }) } },
    async (req) => {
      const row = await findAttachment(req.db, await ticketOwner(req.db, req.params.id), req.params.attachment_id);
      if (!row) throw notFound('Attachment');
      return { data: { ...toAttachment(row), file_contents: await base64Content(req.db, row) } };
    },
  );

  contentRoute(app, {
    url: '/tickets/:id/attachments/:attachment_id/content',
    tags,
    params: AttachmentParams,
    target: async (req) => {
      const { id, attachment_id } = req.params as { id: number; attachment_id: number };
      return { owner: await ticketOwner(req.db, id), attachmentId: attachment_id };
    },
  });
}
