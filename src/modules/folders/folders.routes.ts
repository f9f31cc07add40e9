// GET /folders (list conventions; filters parent_id (0: top level), project_id, customer_id), GET /folders/{id}
// (contract: list and detail reads); POST, PATCH/PUT, DELETE (additive). Rules: folders.service.ts.
import type { ZkApp } from '../../types.js';
import { resourceRoutes } from '../crud/index.js';
import { Folder, FolderCreate, FolderListQuery, FolderUpdate } from './folders.schemas.js';
import { folderListSpec } from './folders.repository.js';
import { folders } from './folders.service.js';

export default async function folderRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Folder',
    plural: 'folders',
    tags: ['Folders'],
    path: '/folders',
    records: { table: 'folders' },
    resource: Folder,
    repository: folders,
    list: { query: FolderListQuery, spec: folderListSpec },
    create: { body: FolderCreate },
    update: { body: FolderUpdate },
    summaries: { remove: 'Delete a folder with its documents (not while it has subfolders)' },
  });
}
