// GET /folders (list conventions; filters parent_id (0: top level), project_id, customer_id), GET /folders/{id}
// (contract: list and detail reads); POST, PATCH/PUT, DELETE (additive). Rules: folders.service.ts.
import type { ZkApp } from '../../types.js';
import { findRow, resourceRoutes } from '../crud/index.js';
import { Folder, FolderCreate, FolderListQuery, FolderUpdate, type FolderT } from './folders.schemas.js';
import { folderListSpec, listFolders, toFolder, type FolderRow } from './folders.repository.js';
import { changeFolder, createFolder, removeFolder } from './folders.service.js';

export default async function folderRoutes(app: ZkApp) {
  resourceRoutes<undefined, FolderRow, FolderT>(app, {
    name: 'Folder',
    plural: 'folders',
    tags: ['Folders'],
    path: '/folders',
    records: { table: 'folders' },
    resource: Folder,
    list: { query: FolderListQuery, build: (s, _p, q) => listFolders(s.db, q), spec: folderListSpec },
    find: (s, _p, id) => findRow(s.db, 'folders', 'id', id),
    show: (_s, _p, row) => toFolder(row),
    create: { body: FolderCreate, run: (s, _p, body) => createFolder(s, body) },
    update: { body: FolderUpdate, run: (s, _p, row, body) => changeFolder(s, row, body) },
    remove: (s, _p, row) => removeFolder(s, row),
    summaries: { remove: 'Delete a folder with its documents (not while it has subfolders)' },
  });
}
