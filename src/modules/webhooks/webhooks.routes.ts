// /webhooks (zeitkonto extension, docs/api/integration.md §4): subscriptions (CRUD kit), a test event, the delivery
// log, manual redelivery and secret rotation. A subscription's signing secret is shown in the 201 of its creation
// and in the answer of a rotation only, never by a read (webhooks.secrets.ts stores it). Subscriptions stay out of
// the change feed.
import crypto from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { ZkApp } from '../../types.js';
import { fieldError, notFound } from '../../values/errors.js';
import { listQuery, listResponse } from '../../http/list/index.js';
import { MAX_ID, Paginated, Single, responses } from '../../http/schemas.js';
import { findRow, resourceRoutes, scopeOf } from '../crud/index.js';
import { type Scope } from '../../tenancy/scope.js';
import { SUBSCRIBABLE } from './webhooks.events.js';
import { Delivery, Webhook, WebhookCreate, WebhookUpdate, WebhookWithSecret } from './webhooks.schemas.js';
import {
  deliveryListSpec,
  findDelivery,
  listDeliveries,
  queueDelivery,
  toDelivery,
  webhookListSpec,
} from './webhooks.repository.js';
import { newSecret, sealSecret, secretKeyOf } from './webhooks.secrets.js';
import { webhookSubscriptions } from './webhooks.service.js';

const tags = ['Webhooks'];
const config: FastifyContextConfig = { extension: true, changeFeed: false };
const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });

/**
 * Events outside the catalogue, named in the 422 (the schema's enum refuses them as well, but only by position).
 * Runs before validation; bodies of other shapes are left to the schema.
 */
function checkEvents(req: FastifyRequest): void {
  const events = (req.body as { events?: unknown } | null)?.events;
  if (!Array.isArray(events)) return;
  const catalogue = new Set(SUBSCRIBABLE);
  const unknown = [...new Set(events.filter((e): e is string => typeof e === 'string' && !catalogue.has(e)))];
  if (unknown.length === 0) return;
  const names = unknown
    .slice(0, 5)
    .map((e) => JSON.stringify(e.slice(0, 100)))
    .join(', ');
  throw fieldError(
    'events',
    `${unknown.length === 1 ? 'The event' : 'The events'} ${names}${unknown.length > 5 ? ', …' : ''} ${unknown.length === 1 ? 'is' : 'are'} not in the event catalogue (docs/api/integration.md).`,
  );
}

export default async function webhookRoutes(app: ZkApp) {
  const key = secretKeyOf(app.zk.config.webhookSecretKey);
  const { webhooks, withSecret } = webhookSubscriptions({ key, allowPrivate: app.zk.config.webhooksAllowPrivate });
  app.addHook('preValidation', async (req) => {
    if (req.method === 'POST' || req.method === 'PATCH' || req.method === 'PUT') checkEvents(req);
  });

  resourceRoutes(app, {
    name: 'Webhook',
    plural: 'webhooks',
    tags,
    path: '/webhooks',
    resource: Webhook,
    repository: webhooks,
    list: { spec: webhookListSpec },
    create: { body: WebhookCreate, answer: { schema: WebhookWithSecret, show: withSecret } },
    update: { body: WebhookUpdate },
    summaries: { create: 'Subscribe a URL to events (zeitkonto extension); the answer shows the signing secret, once' },
    config,
    records: { table: 'webhooks', internal: ['secret'], feed: false },
  });

  const webhookOf = async (s: Scope, id: number) => {
    const row = await findRow(s.db, 'webhooks', 'id', id);
    if (!row) throw notFound('Webhook');
    return row;
  };

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      config,
      schema: {
        summary: 'Replace the signing secret with a new one, shown once in this answer (zeitkonto extension)',
        tags,
        params: Type.Object({ id: Id }),
        response: responses({ 200: Single(WebhookWithSecret) }, { write: true }),
      },
    },
    async (req) => {
      const s = scopeOf(app, req);
      const hook = await webhookOf(s, req.params.id);
      // The secret is internal: no change of the subscription as the API shows it, so `modified` stays.
      const row = await s.db
        .updateTable('webhooks')
        .set({ secret: sealSecret(newSecret(), s.db.tenantId, key) })
        .where('id', '=', Number(hook.id))
        .returningAll()
        .executeTakeFirstOrThrow();
      return { data: withSecret(s, row) };
    },
  );

  app.post(
    '/webhooks/:id/test',
    {
      config,
      schema: {
        summary: 'Queue a webhook.test event for this webhook',
        tags,
        params: Type.Object({ id: Id }),
        response: responses({ 202: Single(Delivery) }, { write: true }),
      },
    },
    async (req, reply) => {
      const hook = await webhookOf(scopeOf(app, req), req.params.id);
      const payload = JSON.stringify({
        type: 'webhook.test',
        timestamp: new Date().toISOString(),
        data: { webhook_id: Number(hook.id) },
      });
      const row = await queueDelivery(req.db, Number(hook.id), {
        event: 'webhook.test',
        message_id: `msg_${crypto.randomUUID()}`,
        payload,
      });
      return reply.code(202).send({ data: toDelivery(row) });
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      config,
      schema: {
        summary: "A webhook's delivery log, newest first",
        tags,
        params: Type.Object({ id: Id }),
        querystring: listQuery(),
        response: responses({ 200: Paginated(Delivery) }),
      },
    },
    async (req) => {
      const hook = await webhookOf(scopeOf(app, req), req.params.id);
      return listResponse(
        req,
        listDeliveries(req.db, Number(hook.id)),
        { ...deliveryListSpec, fixedOrder: [{ column: 'id', direction: 'desc' }] },
        (rows) => rows.map(toDelivery),
      );
    },
  );

  app.post(
    '/webhooks/:id/deliveries/:delivery_id/redeliver',
    {
      config,
      schema: {
        summary: 'Send a delivered or failed event again (same webhook-id)',
        tags,
        params: Type.Object({ id: Id, delivery_id: Id }),
        response: responses({ 202: Single(Delivery) }, { write: true }),
      },
    },
    async (req, reply) => {
      const hook = await webhookOf(scopeOf(app, req), req.params.id);
      const original = await findDelivery(req.db, Number(hook.id), req.params.delivery_id);
      if (!original) throw notFound('Delivery');
      const row = await queueDelivery(req.db, Number(hook.id), {
        event: original.event,
        message_id: original.message_id,
        payload: original.payload,
      });
      return reply.code(202).send({ data: toDelivery(row) });
    },
  );
}
