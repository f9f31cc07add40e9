// SQL for folders; every query is scoped by tenant. Documents: the attachment store (owner type 'folder').
import { rowMapper } from '../../db/row-mapping.js';
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import { sortableFrom, type ListSpec } from '../../db/list-spec.js';
import type { FoldersTable } from './folders.tables.js';
import { Folder, FolderCreate, FolderUpdate, type FolderListQueryT, type FolderT } from './folders.schemas.js';

export type FolderRow = Selectable<FoldersTable>;

export const folderListSpec: ListSpec = {
  key: ['id'],
  sortable: { ...sortableFrom([FolderCreate, FolderUpdate]), id: 'id', name: 'name' },
};

export function listFolders(db: TenantDb, query: FolderListQueryT) {
  let q = db.selectFrom('folders').selectAll();
  if (query.parent_id === 0) q = q.where('parent_id', 'is', null);
  else if (query.parent_id !== undefined) q = q.where('parent_id', '=', query.parent_id);
  if (query.project_id !== undefined) q = q.where('project_id', '=', query.project_id);
  if (query.customer_id !== undefined) q = q.where('customer_id', '=', query.customer_id);
  return q;
}

export const folderOwner = (id: number) => ({ type: 'folder' as const, id: Number(id) });

export const toFolder: (r: FolderRow) => FolderT = rowMapper(Folder);
