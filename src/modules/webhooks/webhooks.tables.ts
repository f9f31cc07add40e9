// Webhook subscriptions and their outbox: one delivery row per (change, subscribed webhook), written in the
// change's transaction (migration 1900).
import type { DbBool, Owned } from '../../db/columns.js';

export interface WebhooksTable extends Owned {
  url: string;
  events: string; // JSON array of event names, '*' for all
  secret: string;
  active: DbBool;
  created: string | null;
  modified: string | null;
}

export interface WebhookDeliveriesTable extends Owned {
  webhook_id: number;
  event: string;
  message_id: string;
  payload: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_status: number | null;
  last_error: string | null;
  delivered_at: string | null;
  created: string;
}

export interface WebhookTables {
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends WebhookTables {}
}
