// Contract Versioning 4: deprecated routes (config.deprecated) and deprecated fields (markDeprecated)
// carry Deprecation, Sunset and Link headers; other responses do not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import { CUSTOMER_STATUS_DEPRECATION, PLANNING_ALIAS_DEPRECATION, markDeprecated } from '../../src/http/deprecation.js';
import { registerApiHooks } from '../../src/plugins/api.js';
import { API_PREFIX } from '../../src/plugins/routing.js';
import type { ZkApp } from '../../src/types.js';

const deprecatedRoutes = async (app: ZkApp) => {
  await app.register(
    async (api) => {
      registerApiHooks(api);
      api.get('/test-deprecated-route', { config: { deprecated: PLANNING_ALIAS_DEPRECATION } }, async () => ({
        ok: true,
      }));
      api.get('/test-deprecated-field', async (req, reply) => {
        markDeprecated(req, reply, CUSTOMER_STATUS_DEPRECATION);
        return { status: {} };
      });
    },
    { prefix: API_PREFIX },
  );
};

const EXPECTED = {
  deprecation: '@1761609600',
  sunset: 'Tue, 31 Aug 2027 00:00:00 GMT',
  link: '<http://localhost:80/docs>; rel="deprecation"; type="text/html"',
};
const headersOf = (h: Record<string, unknown>) => ({ deprecation: h.deprecation, sunset: h.sunset, link: h.link });

forEachDialect(
  'deprecation headers',
  (t) => {
    test('a route declared deprecated answers with Deprecation, Sunset and Link', async () => {
      const c = await t().tenant();
      const r = await c.get('/test-deprecated-route');
      assert.equal(r.status, 200);
      assert.deepEqual(headersOf(r.headers), EXPECTED);
    });

    test('a response carrying a deprecated field gets the same headers through markDeprecated', async () => {
      const c = await t().tenant();
      assert.deepEqual(headersOf((await c.get('/test-deprecated-field')).headers), EXPECTED);
    });

    test('other routes carry none of them', async () => {
      const c = await t().tenant();
      assert.deepEqual(headersOf((await c.get('/activities')).headers), {
        deprecation: undefined,
        sunset: undefined,
        link: undefined,
      });
    });
  },
  {},
  deprecatedRoutes,
);
