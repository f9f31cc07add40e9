// Editions and modules. A clock tenant gets 404 (route-not-found) on every full-only route; a route
// declared with config.module exists only for tenants with that module; gated fields are absent, not null.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Type } from '@sinclair/typebox';
import { forEachDialect, type Client, type TestContext } from '../support/app.js';
import { omitGatedFields } from '../../src/tenancy/gating.js';
import { registerApiHooks } from '../../src/plugins/api.js';
import { API_PREFIX } from '../../src/plugins/routing.js';
import type { ZkApp } from '../../src/types.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Test routes in a second API scope with the real hooks: one needs a module, one exists on both editions. */
const gatedRoutes = async (app: ZkApp) => {
  await app.register(
    async (api) => {
      registerApiHooks(api);
      api.get(
        '/test-gated',
        {
          schema: {
            summary: 'Module-gated probe',
            tags: ['Test'],
            response: { 200: Type.Object({ ok: Type.Boolean() }) },
          },
          config: { module: 'resource_planning' },
        },
        async () => ({ ok: true }),
      );
      api.get(
        '/test-both-editions',
        { schema: { summary: 'Probe on both editions', tags: ['Test'] }, config: { editions: ['full', 'clock'] } },
        async () => ({ ok: true }),
      );
    },
    { prefix: API_PREFIX },
  );
};

const routeNotFound = (c: Client, path: string) => ({
  message: `The route ${c.tenant.instance}/next/api/v1${path} could not be found.`,
});

async function documentOps(t: () => TestContext, edition: 'full' | 'clock') {
  const doc = (await t().inject({ method: 'GET', url: `/openapi/${edition}.json` })).body;
  return Object.entries(doc.paths as Record<string, any>).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => METHODS.includes(m))
      .map((method) => ({ method: method.toUpperCase(), path, concrete: path.replace(/\{\w+\}/g, '1') })),
  );
}

forEachDialect(
  'editions and modules',
  (t) => {
    test('a clock tenant gets the route-not-found 404 on every full-only operation, writes included', async () => {
      const c = await t().tenant({ edition: 'clock' });
      const clockOps = new Set((await documentOps(t, 'clock')).map((o) => `${o.method} ${o.path}`));
      const fullOnly = (await documentOps(t, 'full')).filter((o) => !clockOps.has(`${o.method} ${o.path}`));
      assert.ok(
        fullOnly.some((o) => o.path === '/absence-reasons') && fullOnly.some((o) => o.path === '/departments/{id}'),
      );
      for (const o of fullOnly) {
        const r = await c.request(o.method, o.concrete, o.method === 'GET' || o.method === 'DELETE' ? undefined : {});
        assert.equal(r.status, 404, `${o.method} ${o.concrete}: ${r.text}`);
        assert.deepEqual(r.body, routeNotFound(c, o.concrete));
      }
    });

    test('the same operations work on a full tenant (control)', async () => {
      const c = await t().tenant();
      for (const path of ['/absence-reasons', '/activities', '/categories', '/departments', '/dynamic-attributes'])
        assert.equal((await c.get(path)).status, 200, path);
    });

    test('operations of the clock document are reachable on a clock tenant; its openapi.json works', async () => {
      const c = await t().tenant({ edition: 'clock' });
      for (const o of await documentOps(t, 'clock')) {
        const r = await c.request(o.method, o.concrete, o.method === 'GET' || o.method === 'DELETE' ? undefined : {});
        assert.notDeepEqual(r.body, routeNotFound(c, o.concrete), `${o.method} ${o.concrete}`);
      }
      assert.equal((await c.get('/test-both-editions')).status, 200);
      const doc = await c.get('/openapi.json');
      assert.equal(doc.status, 200);
      assert.equal(doc.body.openapi, '3.1.0');
    });

    test('switching a tenant to clock closes the full-only routes at once; switching back reopens them', async () => {
      const c = await t().tenant();
      assert.equal((await c.get('/departments')).status, 200);
      await c.update({ edition: 'clock' });
      assert.deepEqual((await c.get('/departments')).body, routeNotFound(c, '/departments'));
      await c.update({ edition: 'full' });
      assert.equal((await c.get('/departments')).status, 200);
    });

    test('an unknown tenant and a bad token look the same to an anonymous caller (401), with or without a token', async () => {
      const c = await t().tenant();
      const known = (token?: string) =>
        t().inject({
          method: 'GET',
          url: `/${c.tenant.instance}/next/api/v1/employees`,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
      const unknown = (token?: string) =>
        t().inject({
          method: 'GET',
          url: '/nosuchtenant4711/next/api/v1/employees',
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
      for (const token of [undefined, 'zk_bad', c.token]) {
        const [a, b] = [await unknown(token), await known(token === c.token ? 'zk_bad' : token)];
        assert.deepEqual(
          [b.status, b.body, b.headers['www-authenticate']],
          [a.status, a.body, a.headers['www-authenticate']],
        );
        assert.equal(a.status, 401);
      }
    });

    test('a module-gated route is a route-not-found 404 without the module and works with it', async () => {
      const without = await t().tenant({ modules: ['departments', 'ahr'] });
      const r = await without.get('/test-gated');
      assert.equal(r.status, 404);
      assert.deepEqual(r.body, routeNotFound(without, '/test-gated'));
      const anonymous = await t().inject({ method: 'GET', url: `/${without.tenant.instance}/next/api/v1/test-gated` });
      assert.equal(anonymous.status, 401, "an anonymous caller learns nothing about the tenant's modules");
      const withModuleAnonymous = await t().inject({
        method: 'GET',
        url: `/${(await t().tenant({ modules: ['resource_planning'] })).tenant.instance}/next/api/v1/test-gated`,
      });
      assert.deepEqual([withModuleAnonymous.status, withModuleAnonymous.body], [anonymous.status, anonymous.body]);
      const withModule = await t().tenant({ modules: ['resource_planning'] });
      assert.deepEqual((await withModule.get('/test-gated')).body, { ok: true });
      await without.update({ modules: ['resource_planning'] });
      assert.equal((await without.get('/test-gated')).status, 200);
    });

    test("a module-gated route is in the tenant's openapi.json only when the tenant has the module", async () => {
      const without = await t().tenant();
      const withModule = await t().tenant({ modules: ['resource_planning'] });
      assert.equal((await without.get('/openapi.json')).body.paths['/test-gated'], undefined);
      const op = (await withModule.get('/openapi.json')).body.paths['/test-gated']?.get;
      assert.equal(op?.['x-module'], 'resource_planning');
      assert.ok((await t().inject({ method: 'GET', url: '/openapi/full.json' })).body.paths['/test-gated']);
    });
  },
  {},
  gatedRoutes,
);

test('omitGatedFields leaves the fields of modules the tenant lacks out of the JSON (absent, not null) and keeps the rest', () => {
  const fields = { department_id: 'departments', issue_id: 'ticket_extension', ahr_factor: 'ahr' } as const;
  const record = () => ({ id: 1, department_id: 5, issue_id: null, ahr_factor: 1.5, note: null });
  const json = (r: object) => JSON.parse(JSON.stringify(r));
  const none = json(omitGatedFields(record(), { modules: new Set() }, fields));
  assert.deepEqual(none, { id: 1, note: null });
  assert.ok(!('issue_id' in none));
  const some = json(omitGatedFields(record(), { modules: new Set(['ticket_extension', 'ahr']) }, fields));
  assert.deepEqual(some, { id: 1, issue_id: null, ahr_factor: 1.5, note: null });
  const all = json(omitGatedFields(record(), { modules: new Set(['departments', 'ticket_extension', 'ahr']) }, fields));
  assert.deepEqual(all, record());
});
