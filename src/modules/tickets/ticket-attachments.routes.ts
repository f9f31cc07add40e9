// POST /tickets/{id}/attachments (docs/api/projects.md): JSON {filename, file_contents (base64)} as documented, or
// multipart/form-data with one file (http/uploads.ts: size limit UPLOAD_LIMIT_BYTES -> 413, content type checked
// against an allow-list and, for common binary formats, the file's signature -> 422). Answers {"success": true}.
// GET lists the attachments' metadata; GET .../{attachment_id} returns one with its base64 contents, and
// .../{attachment_id}/content the raw file. The files live in the one attachment store (modules/attachments).
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { MAX_ID } from '../../http/schemas.js';
import { attachmentFields, fileRoutes } from '../attachments/index.js';
import { requireTicket } from './tickets.service.js';

export const Attachment = Type.Object({
  id: Type.Integer(),
  ticket_id: Type.Integer(),
  ...attachmentFields,
  file_contents: Type.Optional(Type.String({ description: 'Base64; single attachment only.' })),
});

export default async function ticketAttachmentRoutes(app: ZkApp) {
  await fileRoutes(app, {
    url: '/tickets/:id/attachments',
    key: 'attachment_id',
    ownerParams: { id: Type.Integer({ minimum: 1, maximum: MAX_ID }) },
    tags: ['Ticket attachments'],
    noun: 'attachment',
    ownerNoun: 'ticket',
    schema: Attachment,
    deletable: false,
    records: { ownerType: 'ticket', ownerKey: 'owner_id' },
    owner: async (db, params) => {
      const id = Number(params.id);
      await requireTicket(db, id);
      return { owner: { type: 'ticket', id }, shows: { ticket_id: id } };
    },
  });
}
