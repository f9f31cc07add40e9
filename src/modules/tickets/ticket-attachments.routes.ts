// POST /tickets/{id}/attachments (reference §4.26): JSON {filename, file_contents (base64)} as documented, or
// multipart/form-data with one file. Size limit UPLOAD_LIMIT_BYTES (413), content type checked against an
// allow-list and, for common binary formats, against the file's signature (422). Answers {"success": true}.
// GET lists the attachments' metadata; GET .../{attachment_id} returns one with its base64 contents.
import { Type, type Static } from '@sinclair/typebox';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZkApp } from '../../types.js';
import { DataArray, DateTimeOut, MAX_ID, Nullable, responses, Single } from '../../http/schemas.js';
import { ApiError, fieldError, notFound } from '../../http/errors.js';
import { findTicket } from './tickets.repository.js';
import { findAttachment, insertAttachment, listAttachments, toAttachment } from './ticket-attachments.repository.js';
import { checkedContentType } from './content-types.js';

const tags = ['Ticket attachments'];
const TicketParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
const AttachmentParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }), attachment_id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });

/** JSON upload; `maxChars` is the route's body limit, so a longer text is refused as too large (413) first. */
const attachmentJson = (maxChars: number) =>
  Type.Object({
    filename: Type.String({ minLength: 1, maxLength: 255 }),
    file_contents: Type.String({ minLength: 1, maxLength: maxChars, description: 'Base64 (a data: URL prefix is accepted).' }),
    content_type: Type.Optional(Type.String({ maxLength: 127, description: 'MIME type; default: derived from the filename.' })),
  });
type AttachmentJson = Static<ReturnType<typeof attachmentJson>>;
export const Attachment = Type.Object({
  id: Type.Integer(),
  ticket_id: Type.Integer(),
  filename: Type.String(),
  content_type: Type.String(),
  size: Type.Integer(),
  created: Nullable(DateTimeOut()),
  file_contents: Type.Optional(Type.String({ description: 'Base64; single attachment only.' })),
});

interface Upload {
  filename: string;
  declaredType: string | undefined;
  content: Buffer;
  field: string;
}

const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

function fromJson(body: AttachmentJson): Upload {
  let text = body.file_contents;
  let declaredType = body.content_type;
  const dataUrl = /^data:([^;,]+)?(;base64)?,/.exec(text);
  if (dataUrl) {
    declaredType ??= dataUrl[1];
    text = text.slice(dataUrl[0].length);
  }
  if (!BASE64.test(text)) throw fieldError('file_contents', 'The file contents must be base64 encoded.');
  return { filename: body.filename, declaredType, content: Buffer.from(text, 'base64'), field: 'file_contents' };
}

async function fromMultipart(req: FastifyRequest, limit: number): Promise<Upload> {
  const part = await req.file();
  if (!part) throw fieldError('file', 'The file field is required.');
  try {
    return { filename: part.filename, declaredType: part.mimetype, content: await part.toBuffer(), field: 'file' };
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(limit);
    throw e;
  }
}

const tooLarge = (limit: number) => new ApiError(413, `The file may not be greater than ${limit} bytes.`);

export default async function ticketAttachmentRoutes(app: ZkApp) {
  const { db, config } = app.zk;
  const limit = config.uploadLimit;
  // Base64 inflates by 4/3; the decoded size is checked against the limit in the handler.
  const jsonLimit = Math.ceil((limit * 4) / 3) + 64 * 1024;
  await app.register(multipart, { limits: { fileSize: limit, files: 1, fields: 10, parts: 11 } });

  async function requireTicket(tenantId: number, id: number) {
    if (!(await findTicket(db, tenantId, id))) throw notFound('Ticket');
  }

  app.post(
    '/tickets/:id/attachments',
    {
      bodyLimit: jsonLimit,
      schema: {
        summary: 'Upload an attachment to a ticket (JSON base64 or multipart/form-data)',
        tags,
        params: TicketParams,
        body: { content: { 'application/json': { schema: attachmentJson(jsonLimit) } } },
        response: responses({ 200: Type.Object({ success: Type.Boolean() }), 413: Type.Object({ message: Type.String() }) }, { write: true }),
      },
    },
    async (req) => {
      await requireTicket(req.tenant.id, req.params.id);
      const upload = req.isMultipart() ? await fromMultipart(req, limit) : fromJson(req.body as AttachmentJson);
      if (upload.content.length === 0) throw fieldError(upload.field, 'The file must not be empty.');
      if (upload.content.length > limit) throw tooLarge(limit);
      const contentType = checkedContentType(upload.filename, upload.declaredType, upload.content);
      await insertAttachment(db, req.tenant.id, req.params.id, { filename: upload.filename, content_type: contentType, content: upload.content });
      return { success: true };
    },
  );

  app.get(
    '/tickets/:id/attachments',
    { schema: { summary: "List a ticket's attachments (metadata)", tags, params: TicketParams, response: responses({ 200: DataArray(Attachment) }) } },
    async (req) => {
      await requireTicket(req.tenant.id, req.params.id);
      return { data: (await listAttachments(db, req.tenant.id, req.params.id)).map((r) => toAttachment(r)) };
    },
  );

  app.get(
    '/tickets/:id/attachments/:attachment_id',
    { schema: { summary: 'Get one attachment with its base64 contents', tags, params: AttachmentParams, response: responses({ 200: Single(Attachment) }) } },
    async (req) => {
      await requireTicket(req.tenant.id, req.params.id);
      const row = await findAttachment(db, req.tenant.id, req.params.id, req.params.attachment_id);
      if (!row) throw notFound('Attachment');
      return { data: toAttachment(row, true) };
    },
  );
}
