// Folders and their documents: a tree of folders, the documents in the one attachment store.
import type { ZkApp } from '../../types.js';
import folders from './folders.routes.js';
import documents from './folder-documents.routes.js';

export default async function foldersArea(app: ZkApp) {
  await app.register(folders);
  await app.register(documents);
}
