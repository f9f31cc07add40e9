// GET/POST /folders/{id}/documents, GET/DELETE /folders/{id}/documents/{document} and …/{document}/content: a
// folder's documents in the one attachment store (modules/attachments, owner type 'folder'; uploads as for
// tickets and invoices: JSON base64 or multipart, size limit 413, type checks 422).
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { MAX_ID } from '../../http/schemas.js';
import { notFound } from '../../values/errors.js';
import { findRow } from '../crud/index.js';
import { fileRoutes } from '../attachments/index.js';
import { folderOwner } from './folders.repository.js';
import { FolderDocument } from './folders.schemas.js';

export default async function folderDocumentRoutes(app: ZkApp) {
  await fileRoutes(app, {
    url: '/folders/:id/documents',
    key: 'document',
    ownerParams: { id: Type.Integer({ minimum: 1, maximum: MAX_ID }) },
    tags: ['Folder documents'],
    noun: 'document',
    ownerNoun: 'folder',
    schema: FolderDocument,
    deletable: true,
    records: { ownerType: 'folder', ownerKey: 'owner_id' },
    owner: async (db, params) => {
      const id = Number(params.id);
      if (!(await findRow(db, 'folders', 'id', id))) throw notFound('Folder');
      return { owner: folderOwner(id), shows: { folder_id: id } };
    },
  });
}
