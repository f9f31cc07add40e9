// SQL for webhook subscriptions and their delivery log, tenant-scoped.
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { ListSpec } from '../../db/list-spec.js';
import { fromJson, nowTimestamp, outTimestamp, toBool } from '../../values/formats.js';
import type { WebhookDeliveriesTable, WebhooksTable } from './webhooks.tables.js';
import type { WebhookT } from './webhooks.schemas.js';

export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

export const webhookListSpec: ListSpec = {
  key: ['id'],
  unsortable: { secret: 'write-only: shown once, at creation and rotation, never read' },
  sortable: {
    id: 'id',
    url: 'url',
    created: { column: 'created', nullable: true },
    modified: { column: 'modified', nullable: true },
  },
};
export const deliveryListSpec: ListSpec = { key: ['id'], sortable: { id: 'id' }, defaultSort: 'id', modified: false };

export const toWebhook = (r: WebhookRow): WebhookT => ({
  id: Number(r.id),
  url: r.url,
  events: fromJson<string[]>(r.events, []),
  active: toBool(r.active) ?? true,
  created: outTimestamp(r.created),
  modified: outTimestamp(r.modified),
});

export const toDelivery = (r: DeliveryRow) => ({
  id: Number(r.id),
  webhook_id: Number(r.webhook_id),
  event: r.event,
  message_id: r.message_id,
  state: r.state,
  attempts: Number(r.attempts),
  next_attempt_at: r.state === 'pending' ? outTimestamp(r.next_attempt_at) : null,
  last_status: r.last_status === null ? null : Number(r.last_status),
  last_error: r.last_error,
  delivered_at: outTimestamp(r.delivered_at),
  created: outTimestamp(r.created)!,
  payload: JSON.parse(r.payload),
});

export const listDeliveries = (db: TenantDb, webhookId: number) =>
  db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId);

export const findDelivery = (db: TenantDb, webhookId: number, id: number) =>
  listDeliveries(db, webhookId).where('id', '=', id).executeTakeFirst();

/** Queue a message for one webhook now (test events, manual redelivery: the same message id again). */
export async function queueDelivery(
  db: TenantDb,
  webhookId: number,
  message: { event: string; message_id: string; payload: string },
): Promise<DeliveryRow> {
  const now = nowTimestamp();
  return db
    .insertInto('webhook_deliveries', {
      webhook_id: webhookId,
      ...message,
      state: 'pending',
      attempts: 0,
      next_attempt_at: now,
      created: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
