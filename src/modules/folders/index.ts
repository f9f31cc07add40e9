// Folders and their documents: a tree of folders, the documents in the one attachment store.
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import folders from './folders.routes.js';
import documents from './folder-documents.routes.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Folders: 'tickets-documents', 'Folder documents': 'tickets-documents' };

export default async function foldersArea(app: ZkApp) {
  await app.register(folders);
  await app.register(documents);
}
