// The documents are sent compressed when the client accepts it — the OpenAPI documents, a tenant's document, the
// /docs page's files — and decompress to exactly what an uncompressing client gets; API answers are not compressed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import zlib from 'node:zlib';
import { forEachDialect } from '../support/app.js';

forEachDialect('compressed documents', (t) => {
  const get = (url: string, encoding?: string) =>
    t().inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
  const decode = (raw: Buffer, encoding: string) =>
    encoding === 'br' ? zlib.brotliDecompressSync(raw) : zlib.gunzipSync(raw);

  test('OpenAPI documents and Swagger UI files: br or gzip as accepted, same content, several times smaller', async () => {
    const c = await t().tenant();
    const documents: [string, Record<string, string>][] = [
      ['/openapi/full.json', {}],
      [`/${c.tenant.instance}/next/api/v1/openapi.json`, { authorization: `Bearer ${c.token}` }],
      ['/docs/static/swagger-ui-bundle.js', {}],
    ];
    for (const [url, headers] of documents) {
      const plain = await t().inject({ method: 'GET', url, headers });
      assert.equal(plain.status, 200, url);
      assert.equal(plain.headers['content-encoding'], undefined);
      for (const encoding of ['br', 'gzip']) {
        const r = await t().inject({
          method: 'GET',
          url,
          headers: { ...headers, 'accept-encoding': `${encoding}, identity` },
        });
        assert.equal(r.status, 200, url);
        assert.equal(r.headers['content-encoding'], encoding, url);
        assert.match(String(r.headers.vary), /Accept-Encoding/i);
        assert.ok(r.raw.length * 3 < plain.raw.length, `${url} ${encoding}: ${r.raw.length} of ${plain.raw.length}`);
        assert.equal(decode(r.raw, encoding).toString(), plain.text, url);
      }
    }
  });

  test('API answers are sent as they are, whatever the client accepts', async () => {
    const c = await t().tenant();
    const r = await c.get('/activities?limit=1', { headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(r.status, 200);
    assert.equal(r.headers['content-encoding'], undefined);
    assert.equal((await get('/healthz', 'gzip')).headers['content-encoding'], undefined);
  });
});
