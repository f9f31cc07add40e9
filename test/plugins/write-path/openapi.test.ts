// The write path in the OpenAPI document: extensions marked, the headers declared where they apply.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';

/** The names of an operation's parameters (shared ones are $refs into components.parameters). */
const namesIn = (doc: any) => (op: any) =>
  (op.parameters ?? []).map(
    (p: any) => (p.$ref ? doc.components.parameters[String(p.$ref).split('/').pop()!] : p).name,
  );

forEachDialect('write path: OpenAPI', (t) => {
  test('new operations carry x-zeitkonto-extension; writes declare Idempotency-Key, record writes If-Match, record reads If-None-Match', async () => {
    const c = await t().tenant();
    const doc = (await c.get('/openapi.json')).body;
    const names = namesIn(doc);
    for (const [path, method] of [
      ['/changes', 'get'],
      ['/webhooks', 'post'],
      ['/webhooks/{id}/deliveries', 'get'],
      ['/attendances/bulk', 'post'],
    ]) {
      assert.equal(doc.paths[path]?.[method]?.['x-zeitkonto-extension'], true, `${method} ${path}`);
    }
    assert.equal(doc.paths['/departments'].get['x-zeitkonto-extension'], undefined);
    assert.ok(names(doc.paths['/departments'].post).includes('Idempotency-Key'));
    assert.ok(!names(doc.paths['/departments'].post).includes('If-Match'));
    assert.ok(names(doc.paths['/departments/{id}'].patch).includes('If-Match'));
    assert.ok(names(doc.paths['/departments/{id}'].delete).includes('If-Match'));
    assert.ok(doc.paths['/departments/{id}'].patch.responses['412']);
    assert.ok(names(doc.paths['/departments/{id}'].get).includes('If-None-Match'));
    assert.ok(doc.paths['/departments/{id}'].get.responses['304']);
    assert.ok(!names(doc.paths['/departments'].get).includes('If-None-Match'));
  });
});
