// Folders and folder documents. The contract names the paths only and no public source shows the
// fields (docs/api/commercial.md), so the shape is this project's, documented in docs/api/commercial.md: a folder has a
// name, an optional parent folder (a tree), and may refer to a project and/or a customer; its documents are files.
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeOut, MAX_ID, Nullable, Opt, RecordAuthors } from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';
import { attachmentFields } from '../attachments/index.js';

export const Folder = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  parent_id: Nullable(Type.Integer({ description: 'The folder this one lies in; null at the top level.' })),
  project_id: Nullable(Type.Integer()),
  customer_id: Nullable(Type.String({ description: 'Customer number.' })),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type FolderT = Static<typeof Folder>;

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const Name = Type.String({ minLength: 1, maxLength: 255 });
const references = {
  parent_id: Opt(
    Type.Integer({
      minimum: 1,
      maximum: MAX_ID,
      description: 'A folder of the tenant; not the folder itself or one below it.',
    }),
  ),
  project_id: Opt(Id),
  customer_id: Opt(Type.String({ minLength: 1, maxLength: 64, description: 'Customer number.' })),
};
export const FolderCreate = Type.Object({ name: Name, ...references });
export const FolderUpdate = Type.Object({ name: Type.Optional(Name), ...references });
export type FolderWriteT = Static<typeof FolderUpdate>;

export const FolderListQuery = listQuery({
  parent_id: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: MAX_ID,
      description: 'Only the folders directly in this folder; 0: only top-level folders.',
    }),
  ),
  project_id: Type.Optional(Id),
  customer_id: Type.Optional(Type.String({ maxLength: 64, description: 'Customer number.' })),
});
export type FolderListQueryT = Static<typeof FolderListQuery>;

export const FolderDocument = Type.Object({
  id: Type.Integer(),
  folder_id: Type.Integer(),
  ...attachmentFields,
  file_contents: Type.Optional(Type.String({ description: 'Base64; single document only.' })),
});
