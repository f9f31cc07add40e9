// GET/POST /folders/{id}/documents, GET/DELETE /folders/{id}/documents/{document} and …/{document}/content: a
// folder's documents in the one attachment store (modules/attachments, owner type 'folder'; uploads as for
// tickets and invoices: JSON base64 or multipart, size limit 413, type checks 422).
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import { DataArray, MAX_ID, responses, Single } from '../../http/schemas.js';
import { notFound } from '../../http/errors.js';
import { findRow } from '../crud/index.js';
import { addAttachment, attachmentMeta, base64Content, contentRoute, deleteAttachment, findAttachment, listAttachments, uploads, type AttachmentMeta } from '../attachments/index.js';
import { folderOwner } from './folders.repository.js';
import { FolderDocument } from './folders.schemas.js';

const tags = ['Folder documents'];
const Id = () => Type.Integer({ minimum: 1, maximum: MAX_ID });
const FolderParams = Type.Object({ id: Id() });
const DocumentParams = Type.Object({ id: Id(), document: Id() });

/** The folder (404 when unknown in the tenant) as the owner of its documents. */
async function ownerOf(db: TenantDb, id: number) {
  if (!(await findRow(db, 'folders', 'id', id))) throw notFound('Folder');
  return folderOwner(id);
}

const show = (folderId: number) => (r: AttachmentMeta) => ({ id: Number(r.id), folder_id: folderId, ...attachmentMeta(r) });

export default async function folderDocumentRoutes(app: ZkApp) {
  const upload = await uploads(app);

  app.post(
    '/folders/:id/documents',
    { bodyLimit: upload.route.bodyLimit, schema: { summary: 'Upload a document to a folder (JSON base64 or multipart/form-data)', tags, params: FolderParams, body: upload.route.body, response: upload.responses } },
    async (req) => {
      const owner = await ownerOf(req.db, req.params.id);
      await addAttachment(req.db, owner, await upload.read(req));
      return { success: true };
    },
  );

  app.get(
    '/folders/:id/documents',
    { schema: { summary: "List a folder's documents (metadata, oldest first)", tags, params: FolderParams, response: responses({ 200: DataArray(FolderDocument) }) } },
    async (req) => ({ data: (await listAttachments(req.db, await ownerOf(req.db, req.params.id))).map(show(req.params.id)) }),
  );

  app.get(
    '/folders/:id/documents/:document',
    { schema: { summary: 'Get one folder document with its base64 contents', tags, params: DocumentParams, response: responses({ 200: Single(FolderDocument) }) } },
    async (req) => {
      const row = await findAttachment(req.db, await ownerOf(req.db, req.params.id), req.params.document);
      if (!row) throw notFound('Document');
      return { data: { ...show(req.params.id)(row), file_contents: await base64Content(req.db, row) } };
    },
  );

  app.delete(
    '/folders/:id/documents/:document',
    { schema: { summary: 'Delete a folder document', tags, params: DocumentParams, response: responses({ 204: Type.Null() }, { write: true }) } },
    async (req, reply) => {
      if (!(await deleteAttachment(req.db, await ownerOf(req.db, req.params.id), req.params.document))) throw notFound('Document');
      return reply.code(204).send();
    },
  );

  contentRoute(app, {
    url: '/folders/:id/documents/:document/content',
    tags,
    params: DocumentParams,
    target: async (req) => {
      const { id, document } = req.params as { id: number; document: number };
      return { owner: await ownerOf(req.db, id), attachmentId: document };
    },
  });
}
