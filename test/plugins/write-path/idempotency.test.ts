// Idempotency-Key on every write: replay with Idempotent-Replayed, no second write, 422 for another
// payload, 409 while the first request runs, scoped per token, refused requests replayed, across two app processes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildApp } from '../../../src/app.js';
import { forEachDialect, uniqueName, type Client } from '../../support/app.js';

const key = (c: Client, k: string) => ({ headers: { 'idempotency-key': k } });
/** The tenant's departments but the default one every tenant starts with. */
const departments = async (c: Client) =>
  (await c.get('/departments?limit=200')).body.data
    .map((d: { name: string }) => d.name)
    .filter((n: string) => n !== 'Standard');

forEachDialect('write path: idempotency keys', (t) => {
  test('a retried POST with the same key and payload gets the stored response, marked replayed, and writes once', async () => {
    const c = await t().tenant();
    const first = await c.post('/departments', { name: 'Sales' }, key(c, 'k-1'));
    assert.equal(first.status, 201, first.text);
    assert.equal(first.headers['idempotent-replayed'], undefined);
    const again = await c.post('/departments', { name: 'Sales' }, key(c, 'k-1'));
    assert.equal(again.status, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.text, first.text);
    assert.equal(again.headers['content-type'], first.headers['content-type']);
    assert.equal(again.headers.etag, first.headers.etag);
    assert.deepEqual(await departments(c), ['Sales']);
  });

  test('the same key with another payload is 422 and writes nothing; another key is a new request', async () => {
    const c = await t().tenant();
    assert.equal((await c.post('/departments', { name: 'A' }, key(c, 'k'))).status, 201);
    const other = await c.post('/departments', { name: 'B' }, key(c, 'k'));
    assert.equal(other.status, 422, other.text);
    assert.ok(other.body.errors['Idempotency-Key']);
    assert.equal((await c.post('/departments', { name: 'B' }, key(c, 'k2'))).status, 201);
    assert.deepEqual((await departments(c)).sort(), ['A', 'B']);
  });

  test('PATCH and DELETE replay too; a DELETE retried after success is not a 404', async () => {
    const c = await t().tenant();
    const id = (await c.post('/departments', { name: 'Ops' })).body.data.id;
    const patched = await c.patch(`/departments/${id}`, { name: 'Ops 2' }, key(c, 'p'));
    assert.equal(patched.status, 200);
    assert.equal(
      (await c.patch(`/departments/${id}`, { name: 'Ops 2' }, key(c, 'p'))).headers['idempotent-replayed'],
      'true',
    );
    const removed = await c.delete(`/departments/${id}`, key(c, 'd'));
    assert.equal(removed.status, 204);
    const retried = await c.delete(`/departments/${id}`, key(c, 'd'));
    assert.equal(retried.status, 204);
    assert.equal(retried.headers['idempotent-replayed'], 'true');
    assert.equal((await c.delete(`/departments/${id}`)).status, 404);
  });

  test('a refused request (422) is stored and replayed; nothing is written', async () => {
    const c = await t().tenant();
    const customer = { customer_number: 'C-1', name: 'Acme', currency: 'EUR' };
    assert.equal((await c.post('/customers', customer)).status, 201);
    const refused = await c.post('/customers', { ...customer, name: 'Other' }, key(c, 'r'));
    assert.equal(refused.status, 422, refused.text);
    const again = await c.post('/customers', { ...customer, name: 'Other' }, key(c, 'r'));
    assert.equal(again.status, 422);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.text, refused.text);
    assert.equal((await c.get('/customers')).body.data.length, 1);
  });

  test('keys belong to a token: another token of the tenant may use the same key', async () => {
    const c = await t().tenant();
    const { createToken } = await import('../../../src/tenancy/tokens.js');
    const other = t().client(c.tenant, (await createToken(t().database.db, c.tenant.id)).token);
    assert.equal((await c.post('/departments', { name: 'One' }, key(c, 'same'))).status, 201);
    const second = await other.post('/departments', { name: 'Two' }, key(other, 'same'));
    assert.equal(second.status, 201);
    assert.equal(second.headers['idempotent-replayed'], undefined);
  });

  test('a malformed key is 400', async () => {
    const c = await t().tenant();
    const r = await c.post('/departments', { name: 'X' }, key(c, 'x'.repeat(256)));
    assert.equal(r.status, 400);
    assert.match(r.body.message, /Idempotency-Key/);
  });

  test('concurrent requests with one key: one writes, the others get 409 or the replay, never a second record', async () => {
    const c = await t().tenant();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => c.post('/departments', { name: 'Race' }, key(c, 'race'))),
    );
    const statuses = results.map((r) => r.status).sort();
    assert.ok(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(','),
    );
    assert.equal(results.filter((r) => r.status === 201 && r.headers['idempotent-replayed'] === undefined).length, 1);
    assert.deepEqual(await departments(c), ['Race']);
  });

  test('a second process sharing the database replays what the first stored', async () => {
    const ctx = t();
    const c = await ctx.tenant();
    const second = await buildApp(ctx.config, { database: ctx.database, keepDatabase: true, logger: false });
    try {
      const first = await c.post('/departments', { name: 'Shared' }, key(c, 'xp'));
      const res = await second.inject({
        method: 'POST',
        url: `/${c.tenant.instance}/next/api/v1/departments`,
        headers: { authorization: `Bearer ${c.token}`, 'idempotency-key': 'xp' },
        payload: { name: 'Shared' },
      });
      assert.equal(res.statusCode, 201);
      assert.equal(res.headers['idempotent-replayed'], 'true');
      assert.equal(res.body, first.text);
    } finally {
      await second.close();
    }
  });

  test('writes without the header behave as before: each one writes', async () => {
    const c = await t().tenant();
    const name = uniqueName('d');
    assert.equal((await c.post('/departments', { name })).status, 201);
    assert.equal((await c.post('/departments', { name })).status, 201);
    assert.deepEqual(await departments(c), [name, name]);
  });
});
