// A change of a record as the write path records it in the change feed and hands it to webhooks
// (plugins/write-path/change-log.ts, modules/changes, modules/webhooks).

/**
 * Who made a write: the employee a personal token or a session acts as (null: a service token), and the token or the
 * browser session it came through (the other one null). docs/api/integration.md, "Audit events".
 */
export interface Actor {
  employee_id: string | null;
  token_id: number | null;
  session_id: number | null;
}

/** A record's changed row columns: their values before (null: created) and after (null: deleted). */
export type FieldChanges = Record<string, { old: unknown; new: unknown }>;

/** A change as the write path hands it to the store. */
export interface ChangeInput {
  type: string;
  key: string;
  op: 'create' | 'update' | 'delete';
  /** The record's key before the write, when the write changed it (a rename). */
  previous_key?: string | null;
  /** The record as the API shows it, as JSON text (null for deletions). */
  data: string | null;
  /** Who made it (null: not known, e.g. entries recorded before the audit trail). */
  actor?: Actor | null;
  /** Its changed row columns as JSON text of FieldChanges ('{}': changed only through a derivation). */
  fields?: string | null;
}

export interface RecordedChange extends ChangeInput {
  cursor: number;
  changed_at: string;
}

/** The tenant's active webhook subscriptions (id, events as JSON text), as the journal drained them with the write. */
export type Subscriptions = readonly { id: number; events: string }[];
