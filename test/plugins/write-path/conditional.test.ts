// ETags and conditional requests: a record's ETag is its version, 304 on If-None-Match, 412 on a
// stale If-Match with nothing written — the lost update of two clients prevented, also when they race.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, type Client } from '../../support/app.js';

const ifMatch = (etag: string) => ({ headers: { 'if-match': etag } });

async function department(c: Client, name = 'Ops') {
  const r = await c.post('/departments', { name });
  assert.equal(r.status, 201, r.text);
  return { id: r.body.data.id as number, etag: r.headers.etag as string };
}

forEachDialect('write path: ETags and conditional requests', (t) => {
  test('GET sends a strong ETag that changes with every write and answers 304 to a matching If-None-Match', async () => {
    const c = await t().tenant();
    const { id, etag } = await department(c);
    assert.match(etag, /^"\d+"$/);
    const read = await c.get(`/departments/${id}`);
    assert.equal(read.headers.etag, etag);
    const cached = await c.get(`/departments/${id}`, { headers: { 'if-none-match': etag } });
    assert.equal(cached.status, 304);
    assert.equal(cached.text, '');
    assert.equal(cached.headers.etag, etag);
    const patched = await c.patch(`/departments/${id}`, { name: 'Ops 2' });
    assert.notEqual(patched.headers.etag, etag);
    const fresh = await c.get(`/departments/${id}`, { headers: { 'if-none-match': etag } });
    assert.equal(fresh.status, 200);
    assert.equal(fresh.body.data.name, 'Ops 2');
    assert.equal(fresh.headers.etag, patched.headers.etag);
  });

  test('lost update: the second client, holding the old ETag, gets 412 and writes nothing', async () => {
    const c = await t().tenant();
    const { id } = await department(c);
    const alice = await c.get(`/departments/${id}`);
    const bob = await c.get(`/departments/${id}`);
    const first = await c.patch(`/departments/${id}`, { name: 'Alice' }, ifMatch(alice.headers.etag as string));
    assert.equal(first.status, 200, first.text);
    const second = await c.patch(`/departments/${id}`, { name: 'Bob' }, ifMatch(bob.headers.etag as string));
    assert.equal(second.status, 412, second.text);
    assert.match(second.body.message, /If-Match/);
    assert.equal((await c.get(`/departments/${id}`)).body.data.name, 'Alice');
    const stale = await c.delete(`/departments/${id}`, ifMatch(bob.headers.etag as string));
    assert.equal(stale.status, 412);
    assert.equal((await c.delete(`/departments/${id}`, ifMatch(first.headers.etag as string))).status, 204);
  });

  test('racing writers with the same ETag: exactly one succeeds', async () => {
    const c = await t().tenant();
    const { id, etag } = await department(c);
    const results = await Promise.all(
      ['A', 'B', 'C', 'D'].map((name) => c.patch(`/departments/${id}`, { name }, ifMatch(etag))),
    );
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 412, 412, 412]);
    const winner = results.find((r) => r.status === 200)!;
    assert.equal((await c.get(`/departments/${id}`)).body.data.name, winner.body.data.name);
  });

  test('If-Match: * and a list naming the current tag pass; a weak tag never matches', async () => {
    const c = await t().tenant();
    const { id, etag } = await department(c);
    assert.equal((await c.patch(`/departments/${id}`, { name: 'X' }, ifMatch(`W/${etag}`))).status, 412);
    const listed = await c.patch(`/departments/${id}`, { name: 'Y' }, ifMatch(`"nope", ${etag}`));
    assert.equal(listed.status, 200);
    assert.equal((await c.patch(`/departments/${id}`, { name: 'Z' }, ifMatch('*'))).status, 200);
  });

  test('records of other tenants and unknown records keep their 404', async () => {
    const c = await t().tenant();
    const other = await t().tenant();
    const { id, etag } = await department(c);
    assert.equal((await other.get(`/departments/${id}`)).status, 404);
    assert.equal((await other.patch(`/departments/${id}`, { name: 'X' }, ifMatch('*'))).status, 404);
    assert.equal((await c.get(`/departments/${id}`)).headers.etag, etag);
  });
});
