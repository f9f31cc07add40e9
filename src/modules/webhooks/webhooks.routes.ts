// /webhooks (zeitkonto extension, issue 19 §4): subscriptions (CRUD kit), a test event, the delivery log and
// manual redelivery. Subscriptions stay out of the change feed (their data holds the signing secret).
import crypto from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyContextConfig } from 'fastify';
import type { ZkApp } from '../../types.js';
import { fieldError, notFound } from '../../http/errors.js';
import { listQuery, listResponse } from '../../http/list/index.js';
import { MAX_ID, Paginated, Single, responses } from '../../http/schemas.js';
import { deleteRow, findRow, insertRow, pick, resourceRoutes, scopeOf, updateRow, type Scope } from '../crud/index.js';
import { urlProblem } from './webhooks.addresses.js';
import { Delivery, Webhook, WebhookCreate, WebhookUpdate, type WebhookT, type WebhookWriteT } from './webhooks.schemas.js';
import { deliveryListSpec, findDelivery, listDeliveries, newSecret, queueDelivery, toDelivery, toWebhook, webhookListSpec, type WebhookRow } from './webhooks.repository.js';

const tags = ['Webhooks'];
const config: FastifyContextConfig = { extension: true, changeFeed: false };
const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });

export default async function webhookRoutes(app: ZkApp) {
  const write = (s: Scope, body: WebhookWriteT, current?: WebhookRow) => {
    const problem = body.url === undefined ? null : urlProblem(body.url, app.zk.config.webhooksAllowPrivate);
    if (problem) throw fieldError('url', problem);
    const values: Record<string, unknown> = pick(body, ['url', 'secret', 'active']);
    if (body.events) values.events = JSON.stringify([...new Set(body.events)]);
    return current ? updateRow(s.db, 'webhooks', Number(current.id), values) : insertRow(s.db, 'webhooks', { secret: newSecret(), active: true, ...values });
  };

  resourceRoutes<undefined, WebhookRow, WebhookT>(app, {
    name: 'Webhook',
    plural: 'webhooks',
    tags,
    path: '/webhooks',
    resource: Webhook,
    list: { build: (s) => s.db.selectFrom('webhooks').selectAll(), spec: webhookListSpec },
    find: (s, _p, id) => findRow(s.db, 'webhooks', 'id', id),
    show: (_s, _p, row) => toWebhook(row),
    create: { body: WebhookCreate, run: (s, _p, body) => write(s, body) },
    update: { body: WebhookUpdate, run: (s, _p, row, body) => write(s, body, row) },
    remove: (s, _p, row) => deleteRow(s.db, 'webhooks', Number(row.id)),
    summaries: { create: 'Subscribe a URL to events (zeitkonto extension)' },
    config,
  });

  const webhookOf = async (s: Scope, id: number) => {
    const row = await findRow(s.db, 'webhooks', 'id', id);
    if (!row) throw notFound('Webhook');
    return row;
  };

  app.post(
    '/webhooks/:id/test',
    { config, schema: { summary: 'Queue a webhook.test event for this webhook', tags, params: Type.Object({ id: Id }), response: responses({ 202: Single(Delivery) }, { write: true }) } },
    async (req, reply) => {
      const hook = await webhookOf(scopeOf(app, req), req.params.id);
      const payload = JSON.stringify({ type: 'webhook.test', timestamp: new Date().toISOString(), data: { webhook_id: Number(hook.id) } });
      const row = await queueDelivery(req.db, Number(hook.id), { event: 'webhook.test', message_id: `msg_${crypto.randomUUID()}`, payload });
      return reply.code(202).send({ data: toDelivery(row) });
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    { config, schema: { summary: "A webhook's delivery log, newest first", tags, params: Type.Object({ id: Id }), querystring: listQuery(), response: responses({ 200: Paginated(Delivery) }) } },
    async (req) => {
      const hook = await webhookOf(scopeOf(app, req), req.params.id);
      return listResponse(req, listDeliveries(req.db, Number(hook.id)), { ...deliveryListSpec, fixedOrder: [{ column: 'id', direction: 'desc' }] }, (rows) => rows.map(toDelivery));
    },
  );

  app.post(
    '/webhooks/:id/deliveries/:delivery_id/redeliver',
    {
      config,
      schema: { summary: 'Send a delivered or failed event again (same webhook-id)', tags, params: Type.Object({ id: Id, delivery_id: Id }), response: responses({ 202: Single(Delivery) }, { write: true }) },
    },
    async (req, reply) => {
      const hook = await webhookOf(scopeOf(app, req), req.params.id);
      const original = await findDelivery(req.db, Number(hook.id), req.params.delivery_id);
      if (!original) throw notFound('Delivery');
      const row = await queueDelivery(req.db, Number(hook.id), { event: original.event, message_id: original.message_id, payload: original.payload });
      return reply.code(202).send({ data: toDelivery(row) });
    },
  );
}
