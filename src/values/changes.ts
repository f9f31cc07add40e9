// A change of a record as the write path records it in the change feed and hands it to webhooks
// (plugins/write-path/change-log.ts, modules/changes, modules/webhooks).

/** A change as the write path hands it to the store. */
export interface ChangeInput {
  type: string;
  key: string;
  op: 'create' | 'update' | 'delete';
  /** The record's key before the write, when the write changed it (a rename). */
  previous_key?: string | null;
  /** The record as the API shows it, as JSON text (null for deletions). */
  data: string | null;
}

export interface RecordedChange extends ChangeInput {
  cursor: number;
  changed_at: string;
}

/** The tenant's active webhook subscriptions (id, events as JSON text), as the journal drained them with the write. */
export type Subscriptions = readonly { id: number; events: string }[];
