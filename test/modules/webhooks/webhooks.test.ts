// Webhooks against a local receiver: every committed change delivered with a verifiable Standard
// Webhooks signature, event filters, retries until a failing receiver recovers, nothing for refused writes,
// test events, the delivery log and redelivery, subscription rules.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { WebhookWorker } from '../../../src/modules/webhooks/webhooks.worker.js';
import { SUBSCRIBABLE } from '../../../src/modules/webhooks/webhooks.events.js';
import { createToken } from '../../../src/tenancy/tokens.js';
import { forEachDialect, type Client, type TestContext } from '../../support/app.js';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
}

/** A receiver that records every request and answers with the next queued status (200 when none is queued). */
class Receiver {
  readonly received: Received[] = [];
  readonly statuses: number[] = [];
  #server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      this.received.push({ headers: req.headers, body, json: JSON.parse(body) });
      res.statusCode = this.statuses.shift() ?? 200;
      res.end();
    });
  });
  url = '';
  async start() {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/hook`;
  }
  stop = () => new Promise<void>((resolve) => this.#server.close(() => resolve()));
}

/** Standard Webhooks verification, written from the spec (not with the server's code). */
function verify(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = crypto
    .createHmac('sha256', key)
    .update(`${r.headers['webhook-id']}.${r.headers['webhook-timestamp']}.${r.body}`)
    .digest('base64');
  return String(r.headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
}

/** Run the worker on the tenant's deliveries until nothing is due (bounded: a loop would be a bug). */
async function deliverAll(ctx: TestContext, c: Client) {
  for (let round = 0; round < 30; round++) if ((await ctx.app.zk.webhooks.runOnce(c.tenant.id)) === 0) return;
  throw new Error('deliveries still due after 30 rounds');
}

const receiver = new Receiver();
before(() => receiver.start());
after(() => receiver.stop());

async function subscribe(c: Client, events: string[] = ['*']) {
  const r = await c.post('/webhooks', { url: receiver.url, events });
  assert.equal(r.status, 201, r.text);
  return r.body.data as { id: number; secret: string };
}

forEachDialect(
  'webhooks',
  (t) => {
    /** The received events of one tenant: each test has its own webhook, so filter by the event's key space. */
    const eventsFor = (hookSecret: string) => receiver.received.filter((r) => verify(hookSecret, r));

    test('every committed change reaches the receiver, signed; the payload is the feed entry', async () => {
      const c = await t().tenant();
      const hook = await subscribe(c);
      assert.match(hook.secret, /^whsec_/);
      const d = (await c.post('/departments', { name: 'Ops' })).body.data;
      await c.patch(`/departments/${d.id}`, { name: 'Ops 2' });
      await c.delete(`/departments/${d.id}`);
      await deliverAll(t(), c);
      // Deliveries go out in parallel and carry no order guarantee; the feed cursor orders them.
      const got = eventsFor(hook.secret).sort((a, b) => Number(a.json.data.cursor) - Number(b.json.data.cursor));
      assert.deepEqual(
        got.map((r) => r.json.type),
        ['department.created', 'department.updated', 'department.deleted'],
      );
      for (const r of got) {
        assert.equal(r.headers['content-type'], 'application/json');
        assert.ok(Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000) < 300);
      }
      const feed = (await c.get('/changes')).body.data;
      assert.deepEqual(
        got.map((r) => r.json.data),
        feed,
      );
      const log = await c.get(`/webhooks/${hook.id}/deliveries`);
      assert.deepEqual(
        log.body.data.map((l: any) => [l.event, l.state, l.attempts, l.last_status]),
        [
          ['department.deleted', 'delivered', 1, 200],
          ['department.updated', 'delivered', 1, 200],
          ['department.created', 'delivered', 1, 200],
        ],
      );
    });

    test('a receiver failing three times then recovering gets the event, with the same webhook-id each time', async () => {
      const c = await t().tenant();
      const hook = await subscribe(c, ['department.created']);
      receiver.statuses.push(500, 503, 502);
      await c.post('/departments', { name: 'Retry' });
      await deliverAll(t(), c);
      const got = eventsFor(hook.secret);
      assert.equal(got.length, 4);
      assert.ok(got.every((r) => r.json.data.data.name === 'Retry'));
      assert.equal(new Set(got.map((r) => r.headers['webhook-id'])).size, 1);
      const [entry] = (await c.get(`/webhooks/${hook.id}/deliveries`)).body.data;
      assert.deepEqual([entry.state, entry.attempts, entry.last_status, entry.last_error], ['delivered', 4, 200, null]);
    });

    test('event filters: only subscribed events; refused and rolled-back writes produce none', async () => {
      const c = await t().tenant();
      const hook = await subscribe(c, ['customer.created']);
      await c.post('/departments', { name: 'Not subscribed' });
      await c.post('/customers', { customer_number: 'K1', name: 'Acme', currency: 'EUR' });
      assert.equal((await c.post('/customers', { customer_number: 'K1', name: 'Dup', currency: 'EUR' })).status, 422);
      assert.equal(
        (await c.patch('/customers/K1', { name: 'Stale' }, { headers: { 'if-match': '"999999"' } })).status,
        412,
      );
      await deliverAll(t(), c);
      const got = eventsFor(hook.secret);
      assert.deepEqual(
        got.map((r) => [r.json.type, r.json.data.data.name]),
        [['customer.created', 'Acme']],
      );
    });

    test('POST /webhooks/{id}/test queues a test event; redelivery sends an event again under its webhook-id', async () => {
      const c = await t().tenant();
      const hook = await subscribe(c, ['department.created']);
      const queued = await c.post(`/webhooks/${hook.id}/test`);
      assert.equal(queued.status, 202, queued.text);
      assert.equal(queued.body.data.state, 'pending');
      await deliverAll(t(), c);
      const [testEvent] = eventsFor(hook.secret);
      assert.equal(testEvent.json.type, 'webhook.test');
      const again = await c.post(`/webhooks/${hook.id}/deliveries/${queued.body.data.id}/redeliver`);
      assert.equal(again.status, 202);
      await deliverAll(t(), c);
      const got = eventsFor(hook.secret);
      assert.equal(got.length, 2);
      assert.equal(got[1].headers['webhook-id'], testEvent.headers['webhook-id']);
      assert.equal((await c.post(`/webhooks/${hook.id}/deliveries/999999/redeliver`)).status, 404);
    });

    test('inactive or deleted webhooks get nothing; subscriptions are the tenant’s own', async () => {
      const c = await t().tenant();
      const other = await t().tenant();
      const hook = await subscribe(c);
      assert.equal((await other.get(`/webhooks/${hook.id}`)).status, 404);
      assert.equal((await other.get(`/webhooks/${hook.id}/deliveries`)).status, 404);
      const off = await c.patch(`/webhooks/${hook.id}`, { active: false });
      assert.equal(off.body.data.active, false);
      await c.post('/departments', { name: 'Quiet' });
      await deliverAll(t(), c);
      assert.equal(eventsFor(hook.secret).length, 0);
      assert.equal((await c.delete(`/webhooks/${hook.id}`)).status, 204);
      assert.equal((await c.get('/webhooks')).body.data.length, 0);
      assert.equal((await c.get('/changes')).body.data.filter((ch: any) => ch.type === 'webhooks').length, 0);
    });

    test('two workers (two processes) sharing the outbox deliver every event exactly once', async () => {
      const ctx = t();
      const c = await ctx.tenant();
      const hook = await subscribe(c, ['department.created']);
      for (let i = 0; i < 30; i++) await c.post('/departments', { name: `D${i}` });
      const second = new WebhookWorker(ctx.database.system, ctx.dialect, {
        allowPrivate: true,
        retryBaseMs: 0,
        batch: 5,
      });
      const first = new WebhookWorker(ctx.database.system, ctx.dialect, {
        allowPrivate: true,
        retryBaseMs: 0,
        batch: 5,
      });
      for (let round = 0; round < 30; round++) {
        const [a, b] = await Promise.all([first.runOnce(c.tenant.id), second.runOnce(c.tenant.id)]);
        if (a + b === 0) break;
      }
      const got = eventsFor(hook.secret);
      assert.equal(got.length, 30);
      assert.equal(new Set(got.map((r) => r.headers['webhook-id'])).size, 30);
    });

    test('the signing secret is shown once, in the 201 and by a rotation; no read shows it, not even to a read-only token', async () => {
      const c = await t().tenant();
      const { token } = await createToken(t().database.db, c.tenant.id, { readOnly: true });
      const readOnly = t().client(c.tenant, token);
      const hook = await subscribe(c, ['department.created']);
      assert.match(hook.secret, /^whsec_/);
      const reads = async (secret: string) => {
        for (const [who, client] of [
          ['token', c],
          ['read-only token', readOnly],
        ] as const) {
          for (const r of [
            await client.get(`/webhooks/${hook.id}`),
            await client.get('/webhooks'),
            await client.get('/webhooks?format=csv'),
          ]) {
            assert.equal(r.status, 200, r.text);
            assert.ok(!r.text.includes(secret) && !/secret/i.test(r.text), `${who}: ${r.text.slice(0, 300)}`);
          }
        }
      };
      await reads(hook.secret);
      const patched = await c.patch(`/webhooks/${hook.id}`, { active: true });
      assert.equal(patched.status, 200, patched.text);
      assert.equal(patched.body.data.secret, undefined);
      assert.equal((await c.get('/changes')).body.data.filter((ch: any) => ch.type === 'webhooks').length, 0);
      // A rotation answers the new secret once; deliveries are signed with it, no longer with the old one.
      assert.equal((await readOnly.post(`/webhooks/${hook.id}/rotate-secret`)).status, 403);
      const rotated = await c.post(`/webhooks/${hook.id}/rotate-secret`);
      assert.equal(rotated.status, 200, rotated.text);
      const secret = rotated.body.data.secret;
      assert.match(secret, /^whsec_/);
      assert.notEqual(secret, hook.secret);
      assert.deepEqual(
        { ...rotated.body.data, secret: undefined, modified: undefined },
        { ...(await c.get(`/webhooks/${hook.id}`)).body.data, secret: undefined, modified: undefined },
      );
      await reads(secret);
      await c.post('/departments', { name: 'Rotated' });
      await deliverAll(t(), c);
      assert.deepEqual(
        eventsFor(secret).map((r) => r.json.data.data.name),
        ['Rotated'],
      );
      assert.equal(eventsFor(hook.secret).length, 0);
      assert.equal((await c.post('/webhooks/999999/rotate-secret')).status, 404);
    });

    test('events: the published catalogue only (422 naming the value), hyphenated types included, and the OpenAPI enum is the catalogue', async () => {
      const c = await t().tenant();
      const bad = await c.post('/webhooks', { url: receiver.url, events: ['customer.created', 'nonsense.event'] });
      assert.equal(bad.status, 422, bad.text);
      assert.match(bad.body.errors.events[0], /"nonsense\.event"/);
      const ok = await c.post('/webhooks', {
        url: receiver.url,
        events: ['absence-reason.created', 'employee.regular-working-time.updated'],
      });
      assert.equal(ok.status, 201, ok.text);
      const patch = await c.patch(`/webhooks/${ok.body.data.id}`, {
        events: ['customer.created', 'customer.exploded'],
      });
      assert.equal(patch.status, 422, patch.text);
      assert.match(patch.body.errors.events[0], /"customer\.exploded"/);
      assert.deepEqual((await c.get(`/webhooks/${ok.body.data.id}`)).body.data.events, [
        'absence-reason.created',
        'employee.regular-working-time.updated',
      ]);
      const doc = (await c.get('/openapi.json')).body;
      // The events property of POST /webhooks, through the document's $refs and allOf.
      const events = (schema: any): any => {
        if (schema?.$ref) return events(doc.components.schemas[schema.$ref.split('/').at(-1)]);
        return schema?.properties?.events ?? (schema?.allOf ?? []).map(events).find(Boolean);
      };
      const property = events(doc.paths['/webhooks'].post.requestBody.content['application/json'].schema);
      const items = property.items.$ref
        ? events({ properties: { events: doc.components.schemas[property.items.$ref.split('/').at(-1)] } })
        : property.items;
      assert.deepEqual(items.enum, [...SUBSCRIBABLE]);
      assert.equal((await c.post('/absence-reasons', { name: 'XY' })).status, 201);
      await deliverAll(t(), c);
      assert.deepEqual(
        eventsFor(ok.body.data.secret).map((r) => r.json.type),
        ['absence-reason.created'],
      );
    });

    test('subscription input: http(s) URLs only, events required and well-formed', async () => {
      const c = await t().tenant();
      for (const url of ['ftp://example.com/x', 'not a url', 'http://user:pw@example.com/']) {
        const r = await c.post('/webhooks', { url, events: ['*'] });
        assert.equal(r.status, 422, url);
        assert.ok(r.body.errors.url, url);
      }
      assert.equal((await c.post('/webhooks', { url: 'https://example.com/x', events: [] })).status, 422);
      assert.equal((await c.post('/webhooks', { url: 'https://example.com/x', events: ['Bad Name'] })).status, 422);
      const own = await c.post('/webhooks', {
        url: 'https://example.com/x',
        events: ['attendance.created'],
        secret: 'a-secret-of-my-own',
      });
      assert.equal(own.body.data.secret, 'a-secret-of-my-own');
    });
  },
  { webhooksAllowPrivate: true, webhookRetryBaseMs: 0 },
);

forEachDialect('webhooks: private addresses blocked by default', (t) => {
  test('loopback, private and link-local targets are refused unless WEBHOOKS_ALLOW_PRIVATE', async () => {
    const c = await t().tenant();
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://localhost/x',
      'http://10.1.2.3/x',
      'http://169.254.169.254/latest',
      'http://[::1]/x',
      'http://192.168.0.1/',
    ]) {
      const r = await c.post('/webhooks', { url, events: ['*'] });
      assert.equal(r.status, 422, url);
      assert.match(r.body.errors.url[0], /private or loopback/);
    }
    assert.equal((await c.post('/webhooks', { url: 'https://example.com/hook', events: ['*'] })).status, 201);
  });
});

const KEY = 'test-key-0123456789-0123456789-0123456789';

forEachDialect(
  'webhooks: secrets stored encrypted with WEBHOOK_SECRET_KEY',
  (t) => {
    const stored = async (c: Client, id: number) =>
      (
        await t()
          .database.db.selectFrom('webhooks')
          .select('secret')
          .where('tenant_id', '=', c.tenant.id)
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).secret;

    test('the database holds the secret sealed (not the secret), deliveries are signed with the secret; text stored earlier is sealed at start', async () => {
      const c = await t().tenant();
      const hook = await subscribe(c, ['department.created']);
      const sealed = await stored(c, hook.id);
      assert.match(sealed, /^enc:v1:/);
      assert.ok(!sealed.includes(hook.secret.slice(6)) && !sealed.includes(hook.secret));
      await c.post('/departments', { name: 'Sealed' });
      await deliverAll(t(), c);
      assert.deepEqual(
        receiver.received.filter((r) => verify(hook.secret, r)).map((r) => r.json.data.data.name),
        ['Sealed'],
      );
      // A secret stored as text (before the key was set) is still used, and sealed by the start-up pass.
      const own = await c.post('/webhooks', {
        url: receiver.url,
        events: ['department.updated'],
        secret: `whsec_${crypto.randomBytes(24).toString('base64')}`,
      });
      await t()
        .database.db.updateTable('webhooks')
        .set({ secret: own.body.data.secret })
        .where('tenant_id', '=', c.tenant.id)
        .where('id', '=', own.body.data.id)
        .execute();
      const worker = new WebhookWorker(t().database.system, t().dialect, { allowPrivate: true, secretKey: KEY });
      assert.equal(await worker.sealStoredSecrets(c.tenant.id), 1);
      assert.match(await stored(c, own.body.data.id), /^enc:v1:/);
      const d = (await c.get('/departments')).body.data[0];
      await c.patch(`/departments/${d.id}`, { name: 'Sealed 2' });
      await deliverAll(t(), c);
      assert.deepEqual(
        receiver.received.filter((r) => verify(own.body.data.secret, r)).map((r) => r.json.type),
        ['department.updated'],
      );
      // Without the key a sealed secret cannot sign: the attempt fails and says why.
      await c.post('/departments', { name: 'No key' });
      const keyless = new WebhookWorker(t().database.system, t().dialect, { allowPrivate: true });
      await keyless.runOnce(c.tenant.id);
      const [last] = (await c.get(`/webhooks/${hook.id}/deliveries`)).body.data;
      assert.equal(last.state, 'pending');
      assert.match(last.last_error, /WEBHOOK_SECRET_KEY/);
    });
  },
  { webhooksAllowPrivate: true, webhookRetryBaseMs: 0, webhookSecretKey: KEY },
);
