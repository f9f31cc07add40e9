// Behind a proxy and called from other origins: TRUST_PROXY as a list of proxy addresses and CIDR ranges (only
// their X-Forwarded-* headers are believed), CORS_ORIGINS (off by default; a preflight is answered when on).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../support/app.js';

const FORWARDED = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'api.example.com' };

forEachDialect(
  'TRUST_PROXY listing the proxy',
  (t) => {
    test('a listed proxy’s X-Forwarded-* headers make the links; another peer’s are ignored', async () => {
      const c = await t().tenant();
      const viaProxy = await c.get('/activities?limit=1', { headers: FORWARDED, remoteAddress: '10.1.2.3' });
      assert.match(viaProxy.body.links.first, /^https:\/\/api\.example\.com\//);
      const direct = await c.get('/activities?limit=1', { headers: FORWARDED, remoteAddress: '192.0.2.7' });
      assert.doesNotMatch(direct.body.links.first, /api\.example\.com/);
    });
  },
  { trustProxy: ['10.0.0.0/8', '127.0.0.2'] },
);

const ORIGIN = 'https://app.example.com';

forEachDialect(
  'CORS on for one origin',
  (t) => {
    test('a preflight from the origin is answered 204 with what the API accepts', async () => {
      const c = await t().tenant();
      const r = await t().inject({
        method: 'OPTIONS',
        url: `/${c.tenant.instance}/next/api/v1/attendances`,
        headers: {
          origin: ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,idempotency-key',
        },
      });
      assert.equal(r.status, 204, r.text);
      assert.equal(r.headers['access-control-allow-origin'], ORIGIN);
      assert.match(String(r.headers['access-control-allow-methods']), /POST/);
      assert.match(String(r.headers['access-control-allow-headers']), /Idempotency-Key/);
      assert.equal(r.headers['access-control-allow-credentials'], undefined, 'no cookies cross-origin');
    });

    test('answers to the origin expose the headers a client reads; another origin gets no CORS headers', async () => {
      const c = await t().tenant();
      const r = await c.get('/activities', { headers: { origin: ORIGIN } });
      assert.equal(r.status, 200);
      assert.equal(r.headers['access-control-allow-origin'], ORIGIN);
      assert.match(String(r.headers['access-control-expose-headers']), /ETag/);
      const other = await c.get('/activities', { headers: { origin: 'https://evil.example' } });
      assert.equal(other.status, 200);
      assert.equal(other.headers['access-control-allow-origin'], undefined);
    });
  },
  { corsOrigins: [ORIGIN] },
);

forEachDialect('CORS off (the default)', (t) => {
  test('no CORS headers, also not on a preflight', async () => {
    const c = await t().tenant();
    const r = await c.get('/activities', { headers: { origin: ORIGIN } });
    assert.equal(r.headers['access-control-allow-origin'], undefined);
    const preflight = await t().inject({
      method: 'OPTIONS',
      url: `/${c.tenant.instance}/next/api/v1/activities`,
      headers: { origin: ORIGIN, 'access-control-request-method': 'GET' },
    });
    assert.equal(preflight.headers['access-control-allow-origin'], undefined);
    assert.ok(preflight.status >= 400 && preflight.status < 500, String(preflight.status));
  });
});
