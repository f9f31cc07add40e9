// The one attachment store (migration 1601): files of tickets and receipts, bytes as bytes.
import type { Owned, Authored } from '../../db/columns.js';

export interface AttachmentsTable extends Owned, Authored {
  /** What the file belongs to: 'ticket', 'receipt' (ATTACHMENT_OWNERS). */
  owner_type: string;
  owner_id: number;
  filename: string;
  content_type: string;
  size: number;
  content: Buffer;
  created: string | null;
  /** When the file was stored or replaced (migration 2500). */
  modified: string | null;
}

export interface AttachmentTables {
  attachments: AttachmentsTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends AttachmentTables {}
}
