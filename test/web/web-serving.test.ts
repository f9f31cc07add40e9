// How the server sends the web app (src/plugins/web-app.ts, docs/web-app.md "How it is built and served"):
// index.html for the app's routes, never cached; hashed assets cached for a year; Brotli or gzip as the build
// precompressed them; the API, /docs and unknown paths answer as before.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { test } from 'node:test';
import { WEB_DIST } from '../../src/plugins/web-app.js';
import { forEachDialect } from '../support/app.js';

forEachDialect('the web app as the server sends it', (t) => {
  test('index.html for the app routes, hashed assets immutable, compressed as accepted', async () => {
    const index = fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
    for (const url of ['/', '/sign-in', '/week', '/week/2026-03-02', '/week/anything/below']) {
      const r = await t().inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      assert.equal(r.status, 200, url);
      assert.match(String(r.headers['content-type']), /^text\/html/);
      assert.equal(r.headers['cache-control'], 'no-cache');
      assert.match(String(r.headers['content-security-policy']), /default-src 'self'/);
      assert.equal(r.text, index);
    }
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(index)?.[1];
    assert.ok(script, index);
    const raw = fs.readFileSync(path.join(WEB_DIST, script));
    const br = await t().inject({ method: 'GET', url: script, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    assert.equal(br.status, 200);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(br.headers.vary, 'Accept-Encoding');
    assert.match(String(br.headers['content-type']), /^text\/javascript/);
    assert.deepEqual(zlib.brotliDecompressSync(br.raw), raw);
    const gz = await t().inject({ method: 'GET', url: script, headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.deepEqual(zlib.gunzipSync(gz.raw), raw);
    const plain = await t().inject({ method: 'GET', url: script, headers: { 'accept-encoding': 'identity' } });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.deepEqual(plain.raw, raw);
    const missing = await t().inject({ method: 'GET', url: '/assets/none-1234.js' });
    assert.equal(missing.status, 404);
  });

  test('the API, /docs and unknown paths answer as before', async () => {
    const c = await t().tenant();
    assert.equal((await c.get('/employees')).status, 200);
    const unknownApi = await t().inject({ method: 'GET', url: `/${c.tenant.instance}/next/api/v1/no-such-route` });
    assert.equal(unknownApi.status, 404);
    assert.match(unknownApi.body.message, /could not be found/);
    assert.equal((await t().inject({ method: 'GET', url: '/docs' })).status, 200);
    assert.equal((await t().inject({ method: 'GET', url: '/healthz' })).status, 200);
    const unknown = await t().inject({ method: 'GET', url: '/no-such-page' });
    assert.equal(unknown.status, 404);
    assert.match(String(unknown.headers['content-type']), /application\/json/);
    assert.equal((await t().inject({ method: 'POST', url: '/week' })).status, 405);
  });
});
