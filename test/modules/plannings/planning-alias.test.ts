// GET /planning (contract Versioning 4): a permanent redirect to /plannings keeping the query string, with the
// deprecation headers, listed as deprecated in the OpenAPI document.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { planWorld } from '../../support/plannings.js';

forEachDialect('plannings: the deprecated /planning alias', (t) => {
  test('308 to /plannings with the same query string, Deprecation, Sunset and both links', async () => {
    const w = await planWorld(t());
    const base = `http://localhost:80/${w.c.tenant.instance}/next/api/v1`;
    const query = `date_from=2026-03-01&employee_ids[]=${w.employee}&page=2`;
    const r = await w.c.get(`/planning?${query}`);
    assert.equal(r.status, 308);
    assert.equal(r.headers.location, `${base}/plannings?${query}`);
    assert.equal(r.headers.deprecation, '@1761609600');
    assert.equal(r.headers.sunset, 'Tue, 31 Aug 2027 00:00:00 GMT');
    assert.equal(
      r.headers.link,
      `<${base}/plannings>; rel="successor-version", <http://localhost:80/docs>; rel="deprecation"; type="text/html"`,
    );
    assert.equal((await w.c.get('/planning')).headers.location, `${base}/plannings`);
  });

  test('following the redirect answers the list; /plannings itself carries no deprecation', async () => {
    const w = await planWorld(t());
    const p = await w.planned();
    const location = String((await w.c.get('/planning?date_from=2026-03-10')).headers.location);
    const followed = await w.c.get(location.slice(location.indexOf('/plannings')));
    assert.deepEqual(
      followed.body.data.map((x: any) => x.id),
      [p.id],
    );
    assert.equal(followed.headers.deprecation, undefined);
  });

  test('the OpenAPI document lists GET /planning as deprecated', async () => {
    const doc = (await t().inject({ method: 'GET', url: '/openapi/full.json' })).body;
    assert.equal(doc.paths['/planning'].get.deprecated, true);
    assert.ok(doc.paths['/planning'].get.responses['308']);
    assert.equal(doc.paths['/plannings'].get.deprecated, undefined);
  });
});
