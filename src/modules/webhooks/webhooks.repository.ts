// SQL for webhook subscriptions and their delivery log, tenant-scoped.
import { rowMapper } from '../../db/row-mapping.js';
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { ListSpec } from '../../db/list-spec.js';
import { fromJson, nowTimestamp, outTimestamp, toBool } from '../../values/formats.js';
import type { WebhookDeliveriesTable, WebhooksTable } from './webhooks.tables.js';
import type { Static } from '@sinclair/typebox';
import { Delivery, Webhook, type WebhookT } from './webhooks.schemas.js';

type DeliveryT = Static<typeof Delivery>;

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

export const toWebhook: (r: WebhookRow) => WebhookT = rowMapper(Webhook, {
  convert: { events: (v) => fromJson<string[]>(v, []), active: (v) => toBool(v) ?? true },
});

export const toDelivery: (r: DeliveryRow) => DeliveryT = rowMapper(Delivery, {
  convert: {
    state: (v: DeliveryT['state']) => v,
    next_attempt_at: (v: string | null, r: DeliveryRow) => (r.state === 'pending' ? outTimestamp(v) : null),
    payload: (v: string) => JSON.parse(v),
  },
});

export const listWebhooks = (db: TenantDb) => db.selectFrom('webhooks').selectAll();

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
