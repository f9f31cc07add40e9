// @zeitkonto/client (clients/typescript) against a live server: typed requests and named types,
// paging through a list, 429 waits for Retry-After; and its schema.d.ts, generated at install and build (not
// committed), is made from the current server's document.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
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

// The README's example, as a user copies it: a module importing the installed package '@zeitkonto/client' (what
// `npm ci` built), run with Node against a live server — only its server address and tenant are this test's.
forEachDialect('the client README', (t) => {
  test('its example runs as written: the customer 1001 read, then every customer paged through', async () => {
    const c = await t().tenant();
    for (const [number, name] of [
      ['1001', 'Muster GmbH'],
      ['1002', 'Beispiel AG'],
    ])
      assert.equal((await c.post('/customers', { customer_number: number, name, currency: 'EUR' })).status, 201);
    const readme = fs.readFileSync(new URL('../../clients/typescript/README.md', import.meta.url), 'utf8');
    const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    assert.ok(example?.includes("from '@zeitkonto/client'"), 'the README has the example');
    if (!example) return;
    const url = await baseUrl(t);
    const source = example
      .replace("'http://127.0.0.1:3000'", JSON.stringify(url))
      .replace("instance: 'demo'", `instance: ${JSON.stringify(c.tenant.instance)}`);
    assert.notEqual(source, example);
    fs.mkdirSync(path.join(process.cwd(), '.tmp'), { recursive: true });
    const dir = fs.mkdtempSync(path.join(process.cwd(), '.tmp', 'readme-'));
    try {
      const file = path.join(dir, 'example.ts');
      fs.writeFileSync(file, source);
      // It type-checks as a strict TypeScript module would (the named types fit what the calls answer)...
      const tsc = path.join(process.cwd(), 'node_modules', 'typescript', 'bin', 'tsc');
      const checked = spawnSync(
        process.execPath,
        [
          tsc,
          '--noEmit',
          '--strict',
          '--skipLibCheck',
          '--target',
          'es2022',
          '--module',
          'nodenext',
          '--types',
          'node',
          file,
        ],
        { encoding: 'utf8' },
      );
      assert.equal(checked.status, 0, checked.stdout + checked.stderr);
      // ...and runs, in a child process: this test's process serves its requests.
      const child = spawn(process.execPath, ['--import', 'tsx', file], {
        env: { ...process.env, ZK_TOKEN: c.token },
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      assert.equal(code, 0, err);
      assert.deepEqual(out.trim().split('\n'), ['Muster GmbH', '1001 Muster GmbH', '1002 Beispiel AG']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
