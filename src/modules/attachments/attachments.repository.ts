// The one attachment store: SQL for the files of every owner (tickets have many, a receipt has one). The bytes
// stay bytes (BLOB / bytea) in the row; listing reads only the metadata columns. Moving the bytes to an object
// store later changes this file only (docs/api/attachments.md).
import { sql, type Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import { nowTimestamp } from '../../values/formats.js';
import type { UploadedFile } from '../../values/files.js';
import type { AttachmentsTable } from './attachments.tables.js';
import type { ListSpec } from '../../db/list-spec.js';

/** Owners whose files live here; 'receipt' owners have at most one (the partial unique index of migration 1601). */
export type AttachmentOwnerType = 'ticket' | 'receipt' | 'invoice' | 'folder';
export interface AttachmentOwner {
  type: AttachmentOwnerType;
  id: number;
}

const META = [
  'id',
  'owner_id',
  'filename',
  'content_type',
  'size',
  'created',
  'modified',
  'created_by',
  'modified_by',
] as const;
export type AttachmentMeta = Pick<Selectable<AttachmentsTable>, (typeof META)[number]>;

const ofOwner = (db: TenantDb, owner: AttachmentOwner) =>
  db.selectFrom('attachments').where('owner_type', '=', owner.type).where('owner_id', '=', owner.id);

/** The owner's files as a list query (the list conventions page and sort it: attachmentListSpec). */
export const attachmentListQuery = (db: TenantDb, owner: AttachmentOwner) => ofOwner(db, owner).select(META);

/**
 * Files sort by every field of their upload — `file_contents` by the bytes (byte order) — and their metadata. A file's
 * bytes never change, but its record does when its owner's key is renamed (an invoice's number: the file's key
 * moves, and with it `modified`), so `modified_after`/`before` filter and `orderBy=modified` sorts on `modified`, as
 * the record shows it.
 */
export const attachmentListSpec: ListSpec = {
  key: ['id'],
  sortable: {
    id: 'id',
    filename: 'filename',
    content_type: 'content_type',
    file_contents: 'content',
    size: 'size',
    created: { column: 'created', nullable: true },
    modified: { column: 'modified', nullable: true },
  },
};

/** One attachment of the owner by id, or (without an id) its only one. */
export function findAttachment(db: TenantDb, owner: AttachmentOwner, id?: number): Promise<AttachmentMeta | undefined> {
  let q = ofOwner(db, owner).select(META);
  if (id !== undefined) q = q.where('id', '=', id);
  return q.orderBy('id').limit(1).executeTakeFirst();
}

/** The bytes of an attachment found before. */
export async function attachmentContent(db: TenantDb, id: number): Promise<Buffer> {
  const row = await db
    .selectFrom('attachments')
    .select('content')
    .where('id', '=', Number(id))
    .executeTakeFirstOrThrow();
  return row.content;
}

const values = (owner: AttachmentOwner, file: UploadedFile) => {
  const now = nowTimestamp();
  return {
    owner_type: owner.type,
    owner_id: owner.id,
    filename: file.filename,
    content_type: file.content_type,
    size: file.content.length,
    content: file.content,
    created: now,
    modified: now,
  };
};

/** Add a file to an owner with many. */
export async function addAttachment(db: TenantDb, owner: AttachmentOwner, file: UploadedFile): Promise<void> {
  await db.insertInto('attachments', values(owner, file)).execute();
}

/** The owner's only file, set or replaced in one statement (concurrent uploads: the last one wins, one row). */
export async function putSingleAttachment(db: TenantDb, owner: AttachmentOwner, file: UploadedFile): Promise<void> {
  const row = values(owner, file);
  await db
    .insertInto('attachments', row)
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'owner_type', 'owner_id'])
        .where(sql<boolean>`owner_type = 'receipt'`)
        .doUpdateSet({
          filename: row.filename,
          content_type: row.content_type,
          size: row.size,
          content: row.content,
          created: row.created,
          modified: row.modified,
        }),
    )
    .execute();
}

/** Delete the owner's files; the number deleted. */
export async function deleteAttachments(db: TenantDb, owner: AttachmentOwner): Promise<number> {
  const r = await db
    .deleteFrom('attachments')
    .where('owner_type', '=', owner.type)
    .where('owner_id', '=', owner.id)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Delete one file of the owner; false when it has no such file. */
export async function deleteAttachment(db: TenantDb, owner: AttachmentOwner, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('attachments')
    .where('owner_type', '=', owner.type)
    .where('owner_id', '=', owner.id)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Owners of this type (of the given ids) that have at least one file (one query). */
export async function ownersWithFiles(
  db: TenantDb,
  type: AttachmentOwnerType,
  ownerIds: readonly number[],
): Promise<Set<number>> {
  if (ownerIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('attachments')
    .select('owner_id')
    .distinct()
    .where('owner_type', '=', type)
    .where('owner_id', 'in', [...ownerIds])
    .execute();
  return new Set(rows.map((r) => Number(r.owner_id)));
}

/** Filename per owner for a page of single-file owners (one query). */
export async function filenamesOf(
  db: TenantDb,
  type: AttachmentOwnerType,
  ownerIds: readonly number[],
): Promise<Map<number, string>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('attachments')
    .select(['owner_id', 'filename'])
    .where('owner_type', '=', type)
    .where('owner_id', 'in', ownerIds)
    .execute();
  return new Map(rows.map((r) => [Number(r.owner_id), r.filename]));
}
