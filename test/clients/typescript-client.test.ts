// @zeitkonto/client (clients/typescript) against a live server: typed requests and named types,
// paging through a list, 429 waits for Retry-After; and its schema.d.ts, generated at install and build (not
// committed), is made from the current server's document.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import {
  allItems,
  createClient,
  rateLimitOf,
  type Customer,
  type CustomerCreate,
} from '../../clients/typescript/src/index.js';
import { clientSchemaSource, servedDocument } from '../../scripts/generate-client.js';
import { forEachDialect, type TestContext } from '../support/app.js';

async function baseUrl(t: () => TestContext): Promise<string> {
  if (!t().app.server.listening) await t().app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t().app.server.address() as AddressInfo).port}`;
}

test('the client types are generated from the current server: every path of its document is typed', async () => {
  const doc = await servedDocument();
  const source = await clientSchemaSource(doc);
  const paths = Object.keys(doc.paths);
  assert.ok(paths.length > 100, `${paths.length} paths`);
  assert.deepEqual(
    paths.filter((path) => !source.includes(`"${path}": {`)),
    [],
  );
});

forEachDialect('typed client', (t) => {
  test('typed create, read and 422; allItems pages through a whole list', async () => {
    const c = await t().tenant();
    const api = createClient({ baseUrl: await baseUrl(t), instance: c.tenant.instance, token: c.token });
    for (let i = 0; i < 12; i++) {
      const body: CustomerCreate = {
        customer_number: `K${String(i).padStart(3, '0')}`,
        name: `Kunde ${i}`,
        currency: 'EUR',
      };
      const { data, error, response } = await api.POST('/customers', { body });
      assert.equal(response.status, 201, JSON.stringify(error));
      assert.equal(data?.data.customer_number, body.customer_number);
    }
    const one = await api.GET('/customers/{customer}', { params: { path: { customer: 'K003' } } });
    const customer: Customer | undefined = one.data?.data;
    assert.equal(customer?.name, 'Kunde 3');
    const invalid = await api.POST('/customers', { body: { customer_number: 'K000', name: 'again', currency: 'EUR' } });
    assert.equal(invalid.response.status, 422);
    assert.ok(invalid.error && 'errors' in invalid.error && invalid.error.errors.customer_number);
    const numbers: string[] = [];
    for await (const item of allItems((page) =>
      api.GET('/customers', { params: { query: { page, limit: 5, orderBy: 'customer_number' } } }),
    ))
      numbers.push(item.customer_number);
    assert.deepEqual(
      numbers,
      Array.from({ length: 12 }, (_, i) => `K${String(i).padStart(3, '0')}`),
    );
    assert.equal(rateLimitOf(one.response).limit, t().config.rateLimit.perFiveMinutes);
  });
});

forEachDialect(
  'typed client and rate limits',
  (t) => {
    test('a 429 is retried after Retry-After; a wait longer than maxWaitSeconds comes back as the 429', async () => {
      const c = await t().tenant();
      const waits: number[] = [];
      const sleep = async (ms: number) => void waits.push(ms);
      const api = createClient({
        baseUrl: await baseUrl(t),
        instance: c.tenant.instance,
        token: c.token,
        retries: 2,
        maxWaitSeconds: 3600,
        sleep,
      });
      for (let i = 0; i < 3; i++) assert.equal((await api.GET('/activities')).response.status, 200);
      const limited = await api.GET('/activities');
      assert.equal(limited.response.status, 429);
      const retryAfter = rateLimitOf(limited.response).retryAfter!;
      assert.ok(retryAfter > 0 && retryAfter <= 300, String(retryAfter));
      assert.equal(waits.length, 2, 'waited before each of the 2 retries');
      for (const ms of waits) assert.ok(ms > 0 && ms <= 300_000);
      const impatient = createClient({
        baseUrl: await baseUrl(t),
        instance: c.tenant.instance,
        token: c.token,
        maxWaitSeconds: 0,
        sleep,
      });
      waits.length = 0;
      assert.equal((await impatient.GET('/activities')).response.status, 429);
      assert.deepEqual(waits, []);
    });
  },
  { rateLimit: { perFiveMinutes: 3, perHour: 1000 } },
);
