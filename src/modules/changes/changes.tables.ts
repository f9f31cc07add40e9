// The change feed (migration 1900): one row per committed create/update/delete, numbered per tenant by
// change_counters; and the stored responses of idempotent requests.
export interface ChangesTable {
  tenant_id: number;
  cursor: number;
  type: string;
  key: string;
  op: 'create' | 'update' | 'delete';
  changed_at: string;
  /** The record's key before a rename (migration 2501); null otherwise. */
  previous_key: string | null;
  data: string | null; // JSON of the record as the API shows it; null for deletions
  /** Who made the change (migration 2903); null on entries recorded before. */
  actor_employee_id: string | null;
  actor_token_id: number | null;
  actor_session_id: number | null;
  /** JSON {column: {old, new}}: the changed columns of the record's row (migration 2903); null before it. */
  fields: string | null;
}

export interface ChangeCountersTable {
  tenant_id: number;
  last_cursor: number;
  /** Changes up to this cursor may have been pruned: a client behind it gets 410. */
  pruned_through: number;
}

export interface IdempotencyKeysTable {
  tenant_id: number;
  token_id: number;
  key: string;
  fingerprint: string;
  state: 'running' | 'done';
  status: number | null;
  headers: string | null; // JSON object
  body: string | null;
  created: string;
  expires_at: string;
  /** The claiming process, 'pid:boot' (migration 2800; null on rows claimed before it). */
  owner: string | null;
}

export interface ChangeTables {
  changes: ChangesTable;
  change_counters: ChangeCountersTable;
  idempotency_keys: IdempotencyKeysTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends ChangeTables {}
}
