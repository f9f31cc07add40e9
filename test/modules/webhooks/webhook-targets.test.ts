// Webhook targets checked at delivery (src/modules/webhooks/webhooks.addresses.ts): with WEBHOOKS_ALLOW_PRIVATE=false
// no delivery reaches this machine or a private, reserved or documentation network, whatever the setting was when
// the subscription was stored. A listener on every interface of this machine counts the deliveries that must not
// arrive: subscriptions stored while private addresses were allowed (IP literals in every spelling, the names of
// this machine, each interface's own address) are delivered by a worker with the setting off, as after a restart.
// A positive control with the setting on shows the listener is reachable at those URLs. Redirects are not followed.
// `npm run reliability` runs this file as its "webhook targets at delivery" row.
import assert from 'node:assert/strict';
import dns from 'node:dns/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { after, before, test } from 'node:test';
import { isBlockedAddress, urlProblem } from '../../../src/modules/webhooks/webhooks.addresses.js';
import { WebhookWorker } from '../../../src/modules/webhooks/webhooks.worker.js';
import { forEachDialect, type Client, type TestContext } from '../../support/app.js';

/** Counts every request per path, on every address of this machine (IPv6 and IPv4). */
class Listener {
  readonly hits = new Map<string, number>();
  #server = http.createServer((req, res) => {
    this.hits.set(req.url ?? '', (this.hits.get(req.url ?? '') ?? 0) + 1);
    req.resume();
    if (req.url?.startsWith('/redirect')) {
      res.writeHead(302, { location: `http://127.0.0.1:${this.port}/redirected` });
      return res.end();
    }
    res.end('ok');
  });
  port = 0;
  get total() {
    return [...this.hits.values()].reduce((a, b) => a + b, 0);
  }
  async start() {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen({ port: 0, host: '::', ipv6Only: false }, resolve);
    }).catch(() => new Promise<void>((resolve) => this.#server.listen(0, '0.0.0.0', resolve)));
    this.port = (this.#server.address() as AddressInfo).port;
  }
  stop = () => new Promise<void>((resolve) => this.#server.close(() => resolve()));
}

const listener = new Listener();
before(() => listener.start());
after(() => listener.stop());

/** Every spelling of this machine that a URL can name. */
async function targets(port: number): Promise<string[]> {
  const hosts = [
    '127.0.0.1',
    '127.1',
    '2130706433',
    '0x7f000001',
    '127.0.0.2',
    '0.0.0.0',
    '[::1]',
    '[::]',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '[::127.0.0.1]',
    '[0:0:0:0:0:ffff:127.0.0.1]',
    '[64:ff9b::127.0.0.1]',
    '[2002:7f00:1::1]',
    'localhost',
    'localhost.',
    'sub.localhost',
    '192.0.2.1',
    '198.51.100.7',
    '203.0.113.9',
    '10.0.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '[fe80::1]',
    '[fd00::1]',
    '[ff02::1]',
  ];
  // The machine's own interface addresses (link-local IPv6 needs a zone, which URLs cannot carry) and its name.
  for (const list of Object.values(os.networkInterfaces())) {
    for (const i of list ?? [])
      if (!(i.family === 'IPv6' && i.scopeid)) hosts.push(i.family === 'IPv6' ? `[${i.address}]` : i.address);
  }
  if (
    await dns.lookup(os.hostname()).then(
      () => true,
      () => false,
    )
  )
    hosts.push(os.hostname());
  return [...new Set(hosts)].map((h, i) => `http://${h}:${port}/t${i}`);
}

async function run(worker: WebhookWorker, c: Client, rounds: number) {
  for (let round = 0; round < rounds; round++) if ((await worker.runOnce(c.tenant.id)) === 0) break;
}

async function deliveries(c: Client, hooks: { id: number; url: string }[]) {
  return Promise.all(
    hooks.map(async (h) => ({ url: h.url, log: (await c.get(`/webhooks/${h.id}/deliveries`)).body.data as any[] })),
  );
}

forEachDialect(
  'webhook targets at delivery',
  (t) => {
    test('subscriptions stored while private addresses were allowed never reach this machine once they are not (literals, names, own addresses)', async () => {
      const ctx: TestContext = t();
      const c = await ctx.tenant();
      const urls = await targets(listener.port);
      const hooks = [];
      for (const url of urls) {
        const r = await c.post('/webhooks', { url, events: ['department.created'] });
        assert.equal(r.status, 201, `${url}: ${r.text}`);
        hooks.push({ id: r.body.data.id, url });
      }
      await c.post('/departments', { name: 'Must not arrive' });
      const off = new WebhookWorker(ctx.database.system, ctx.dialect, {
        allowPrivate: false,
        retryBaseMs: 0,
        batch: 100,
        timeoutMs: 2000,
      });
      await run(off, c, 3);
      const refused = await deliveries(c, hooks);
      assert.equal(listener.total, 0, `deliveries arrived: ${JSON.stringify([...listener.hits])}`);
      const notRefused = refused.filter(
        (d) => !(d.log[0]?.attempts >= 1 && /^refused: /.test(d.log[0]?.last_error ?? '')),
      );
      assert.deepEqual(
        notRefused.map((d) => `${d.url}: ${JSON.stringify(d.log[0])}`),
        [],
      );
      console.log(
        `# figure targets: ${JSON.stringify({ urls: urls.length, attempts: refused.reduce((n, d) => n + d.log[0].attempts, 0), arrived: listener.total })}`,
      );

      // Positive control: with the setting on, the same subscriptions reach the listener where an address answers.
      const on = new WebhookWorker(ctx.database.system, ctx.dialect, {
        allowPrivate: true,
        retryBaseMs: 0,
        batch: 100,
        timeoutMs: 2000,
      });
      await run(on, c, 1);
      const reached = urls.filter((u) => listener.hits.get(new URL(u).pathname));
      for (const must of [
        '127.0.0.1',
        '127.1',
        '2130706433',
        'localhost',
        ...Object.values(os.networkInterfaces()).flatMap((l) =>
          (l ?? []).filter((i) => i.family === 'IPv4').map((i) => i.address),
        ),
      ]) {
        assert.ok(
          reached.some((u) => new URL(u).hostname === new URL(`http://${must}`).hostname),
          `the listener answers at ${must}`,
        );
      }
      listener.hits.clear();
    });

    test('redirects are not followed: a 3xx is a failed attempt, its Location never requested', async () => {
      const ctx = t();
      const c = await ctx.tenant();
      const r = await c.post('/webhooks', {
        url: `http://127.0.0.1:${listener.port}/redirect`,
        events: ['department.created'],
      });
      assert.equal(r.status, 201, r.text);
      await c.post('/departments', { name: 'Redirected' });
      const on = new WebhookWorker(ctx.database.system, ctx.dialect, { allowPrivate: true, retryBaseMs: 60_000 });
      await run(on, c, 1);
      assert.equal(listener.hits.get('/redirect'), 1);
      assert.equal(listener.hits.get('/redirected'), undefined);
      const [entry] = (await c.get(`/webhooks/${r.body.data.id}/deliveries`)).body.data;
      assert.deepEqual([entry.state, entry.last_status], ['pending', 302]);
      listener.hits.clear();
    });
  },
  { webhooksAllowPrivate: true, webhookRetryBaseMs: 0 },
);

forEachDialect('webhook targets when subscribing', (t) => {
  test('with private addresses not allowed, every spelling of this machine, private, reserved and documentation networks is a 422 on url', async () => {
    const c = await t().tenant();
    // All but the machine's name: a name other than localhost is checked where it resolves, at delivery.
    const urls = (await targets(9)).filter((u) => new URL(u).hostname !== os.hostname().toLowerCase());
    for (const url of urls) {
      const r = await c.post('/webhooks', { url, events: ['*'] });
      assert.equal(r.status, 422, `${url}: ${r.text}`);
      assert.match(r.body.errors.url[0], /private or loopback/);
    }
    for (const list of Object.values(os.networkInterfaces()))
      for (const i of list ?? []) assert.ok(isBlockedAddress(i.address), i.address);
    for (const url of ['https://example.com/hook', 'http://93.184.215.14/x', 'http://[2606:4700::1111]/x']) {
      assert.equal((await c.post('/webhooks', { url, events: ['*'] })).status, 201, url);
    }
  });
});
