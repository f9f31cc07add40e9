// Folders and their documents: a tree of folders, the documents in the one attachment store.
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { Reference } from '../../db/references.js';
import folders from './folders.routes.js';
import documents from './folder-documents.routes.js';

export { examples } from './folders.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Folders: 'tickets-documents', 'Folder documents': 'tickets-documents' };

/** Columns of this module's tables that name other records: their deletes are refused while rows refer to them. */
export const references: Reference[] = [
  { table: 'folders', column: 'parent_id', to: 'folders', what: 'subfolders', order: 100 },
  { table: 'folders', column: 'project_id', to: 'projects', what: 'folders', order: 100 },
  { table: 'folders', column: 'customer_id', to: 'customers', by: 'customer_number', what: 'folders', order: 100 },
];

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.office;

export default async function foldersArea(app: ZkApp) {
  await app.register(folders);
  await app.register(documents);
}
