// Folder rules beyond plain SQL: references exist in the tenant (parent folder, project, customer — another
// tenant's is as unknown as a missing one: 422); a new parent is not the folder itself or one below it, checked
// under the tenant's folder-tree lock so two concurrent moves cannot close a cycle (PostgreSQL; SQLite writes are
// serial); a folder with subfolders is not deleted, its documents go with it.
import type { Scope } from '../../tenancy/scope.js';
import { deleteRow, findRow, insertRow, pick, refuseWhileUsed, updateRow } from '../crud/index.js';
import { lockedTransaction, lockNamespace } from '../../db/transaction.js';
import { existsInTenant } from '../../db/lookup.js';
import { isSelfOrDescendant } from '../../db/tree.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import { ErrorBag } from '../../values/errors.js';
import { deleteAttachments } from '../attachments/index.js';
import { folderOwner, listFolders, toFolder, type FolderRow } from './folders.repository.js';
import type { FolderListQueryT, FolderWriteT } from './folders.schemas.js';

const COLUMNS = ['name', 'parent_id', 'project_id', 'customer_id'] as const;

async function columns(db: TenantDb, body: FolderWriteT, current?: FolderRow): Promise<Record<string, unknown>> {
  const errors = new ErrorBag();
  if (body.parent_id != null) {
    if (!(await existsInTenant(db, 'folders', 'id', body.parent_id)))
      errors.add('parent_id', 'The selected parent id is invalid.');
    else if (current && (await isSelfOrDescendant(db, 'folders', Number(current.id), body.parent_id))) {
      errors.add('parent_id', 'A folder cannot be placed in itself or in one of its subfolders.');
    }
  }
  if (body.project_id != null && !(await existsInTenant(db, 'projects', 'id', body.project_id)))
    errors.add('project_id', 'The selected project id is invalid.');
  if (body.customer_id != null && !(await existsInTenant(db, 'customers', 'customer_number', body.customer_id)))
    errors.add('customer_id', 'The selected customer id is invalid.');
  errors.throwIfAny();
  return pick(body, COLUMNS);
}

/** The tenant's folder tree: moves are checked for cycles one at a time. */
const folderTreeKey = lockNamespace<[]>('folders');
const treeLock = (s: Scope) => [folderTreeKey(s.tenant.id)];

export const createFolder = (s: Scope, body: FolderWriteT) =>
  lockedTransaction(s.db, s.dialect, treeLock(s), async (trx) => insertRow(trx, 'folders', await columns(trx, body)));

export const changeFolder = (s: Scope, row: FolderRow, body: FolderWriteT) =>
  lockedTransaction(s.db, s.dialect, treeLock(s), async (trx) =>
    updateRow(trx, 'folders', Number(row.id), await columns(trx, body, row)),
  );

export const removeFolder = (s: Scope, row: FolderRow) =>
  lockedTransaction(s.db, s.dialect, treeLock(s), async (trx) => {
    await refuseWhileUsed(trx, 'folders', row, (what) => `The folder still has ${what}.`);
    await deleteAttachments(trx, folderOwner(Number(row.id)));
    await deleteRow(trx, 'folders', Number(row.id));
  });

/** The folders as the CRUD kit (modules/crud) lists, reads and writes them. */
export const folders = {
  list: ({ db }: Scope, query: FolderListQueryT) => listFolders(db, query),
  find: ({ db }: Scope, id: number) => findRow(db, 'folders', 'id', id),
  show: (_s: Scope, row: FolderRow) => toFolder(row),
  insert: (s: Scope, body: FolderWriteT) => createFolder(s, body),
  update: (s: Scope, row: FolderRow, changes: FolderWriteT) => changeFolder(s, row, changes),
  remove: (s: Scope, row: FolderRow) => removeFolder(s, row),
};
