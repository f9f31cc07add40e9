// The HTTP side every owner of files shares: the upload body (JSON base64 or multipart, http/uploads.ts), the
// metadata shape, the base64 read and the raw download GET …/content with Content-Type, Content-Length and
// Content-Disposition. Owners (tickets, receipts) declare their routes with these pieces.
import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZkApp } from '../../types.js';
import { DateTimeOut, Nullable, responses } from '../../http/schemas.js';
import { notFound } from '../../http/errors.js';
import { outTimestamp } from '../../http/formats.js';
import { readUpload, registerMultipart, uploadBodyLimit, UploadJson, type UploadedFile } from '../../http/uploads.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import { attachmentContent, findAttachment, type AttachmentMeta, type AttachmentOwner } from './attachments.repository.js';

/** Metadata of a file as every owner shows it (plus its owner key, e.g. ticket_id). */
export const attachmentFields = {
  filename: Type.String(),
  content_type: Type.String(),
  size: Type.Integer(),
  created: Nullable(DateTimeOut()),
};

export const attachmentMeta = (r: AttachmentMeta) => ({
  filename: r.filename,
  content_type: r.content_type,
  size: Number(r.size),
  created: outTimestamp(r.created),
});

/** {"success": true}, the answer of an upload (reference §1.6). */
export const Success = Type.Object({ success: Type.Boolean() });

/** Upload routes of one plugin scope: multipart registered once, the JSON body schema and limits. */
export async function uploads(app: ZkApp) {
  const limit = app.zk.config.uploadLimit;
  const bodyLimit = uploadBodyLimit(limit);
  await registerMultipart(app, limit);
  return {
    /** Route options: body limit and the JSON body (multipart is accepted as well). */
    route: { bodyLimit, body: { content: { 'application/json': { schema: UploadJson(bodyLimit) } } } },
    responses: responses({ 200: Success, 413: Type.Object({ message: Type.String() }) }, { write: true }),
    /** The checked file of the request (413 too large, 422 type or encoding). */
    read: (req: FastifyRequest): Promise<UploadedFile> => readUpload(req, limit),
  };
}

/** The bytes of an attachment as base64 (the JSON read of the real system). */
export const base64Content = async (db: TenantDb, meta: AttachmentMeta) => (await attachmentContent(db, Number(meta.id))).toString('base64');

/** RFC 6266 Content-Disposition: an ASCII fallback and the UTF-8 name. */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export interface ContentRoute {
  /** e.g. '/tickets/:id/attachments/:attachment_id/content' */
  url: string;
  tags: string[];
  params: TSchema;
  /** The owner (404 when unknown in the tenant) and, for owners with many files, the attachment id. */
  target: (req: FastifyRequest) => Promise<{ owner: AttachmentOwner; attachmentId?: number }>;
}

/** GET …/content: the raw file with its type, length and name, for clients and browsers alike. */
export function contentRoute(app: ZkApp, def: ContentRoute) {
  app.get(
    def.url,
    {
      schema: {
        summary: 'Download the file itself (raw bytes with Content-Type, Content-Length and Content-Disposition)',
        tags: def.tags,
        params: def.params,
        produces: ['*/*'],
        response: responses({ 200: { description: 'The file', content: { '*/*': { schema: { type: 'string', format: 'binary' } } } } as unknown as TSchema }),
      },
    },
    async (req, reply: FastifyReply) => {
      const { owner, attachmentId } = await def.target(req);
      const meta = await findAttachment(req.db, owner, attachmentId);
      if (!meta) throw notFound('Attachment');
      const bytes = await attachmentContent(req.db, Number(meta.id));
      return reply
        .header('content-type', meta.content_type)
        .header('content-length', bytes.length)
        .header('content-disposition', contentDisposition(meta.filename))
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
}
