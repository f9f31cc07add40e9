// Answers that show a secret once (a new API token, a webhook's signing secret) are stored for an Idempotency-Key
// replay without it: the idempotency table never holds the secret, and a replay is the same record with the secret
// null (docs/api/integration.md §1).
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { test } from 'node:test';
import { forTenant } from '../../../src/db/tenant-scope.js';
import { forEachDialect, type Client, type TestContext } from '../../support/app.js';
import { createEmployee } from '../../support/people.js';

const key = (k: string) => ({ headers: { 'idempotency-key': k } });

/** Every stored answer of the tenant's idempotency keys, as the table holds it. */
const storedBodies = async (t: TestContext, c: Client) =>
  (await forTenant(t.database.db, c.tenant.id).selectFrom('idempotency_keys').select(['key', 'body']).execute()).map(
    (r) => `${r.key}: ${r.body ?? ''}`,
  );

forEachDialect('write path: idempotency keys keep no secret', (t) => {
  test('POST /tokens: the secret is not stored; a replay is the same token with token null, no second token', async () => {
    const c = await t().tenant();
    const first = await c.post('/tokens', { name: 'ci' }, key('tok-1'));
    assert.equal(first.status, 201, first.text);
    const secret: string = first.body.data.token;
    assert.ok(secret.length > 20);
    const stored = await storedBodies(t(), c);
    assert.equal(stored.length, 1);
    assert.ok(!stored[0].includes(secret), 'the secret is not in the idempotency table');
    assert.match(stored[0], /"token":null/);
    const again = await c.post('/tokens', { name: 'ci' }, key('tok-1'));
    assert.equal(again.status, 201, again.text);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.body.data, { ...first.body.data, token: null });
    const mine = (await c.get('/tokens')).body.data.filter((x: { name: string }) => x.name === 'ci');
    assert.equal(mine.length, 1, 'one token was made');
    // The token of the first answer works.
    assert.equal((await t().client(c.tenant, secret).get('/departments')).status, 200);
  });

  test('POST /webhooks and its rotation: the signing secret is not stored; a replay shows secret null', async () => {
    const c = await t().tenant();
    const body = { url: 'https://hooks.example.com/zk', events: ['attendance.created'] };
    const first = await c.post('/webhooks', body, key('hook-1'));
    assert.equal(first.status, 201, first.text);
    const secret: string = first.body.data.secret;
    assert.match(secret, /^whsec_/);
    const again = await c.post('/webhooks', body, key('hook-1'));
    assert.equal(again.status, 201, again.text);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.body.data, { ...first.body.data, secret: null });
    assert.equal((await c.get('/webhooks')).body.data.length, 1, 'one subscription was made');

    const id = first.body.data.id;
    const rotated = await c.post(`/webhooks/${id}/rotate-secret`, undefined, key('rot-1'));
    assert.equal(rotated.status, 200, rotated.text);
    const newSecret: string = rotated.body.data.secret;
    assert.match(newSecret, /^whsec_/);
    assert.notEqual(newSecret, secret);
    const replayed = await c.post(`/webhooks/${id}/rotate-secret`, undefined, key('rot-1'));
    assert.equal(replayed.status, 200, replayed.text);
    assert.equal(replayed.headers['idempotent-replayed'], 'true');
    assert.equal(replayed.body.data.secret, null);

    const stored = (await storedBodies(t(), c)).join('\n');
    assert.ok(!stored.includes(secret) && !stored.includes(newSecret), 'no secret is in the idempotency table');
    assert.ok(!stored.includes('whsec_'));
  });

  test('a creation the handler refuses (422) is stored and replayed as before', async () => {
    const c = await t().tenant();
    const body = { name: 'x', scopes: ['nowhere:read'] };
    const r = await c.post('/tokens', body, key('bad'));
    assert.equal(r.status, 422, r.text);
    const again = await c.post('/tokens', body, key('bad'));
    assert.equal(again.status, 422);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.text, r.text);
  });

  test('a password in a keyed write enters the stored fingerprint only as a slow hash; replay and 422 still work', async () => {
    const c = await t().tenant();
    const e = await createEmployee(c);
    const path = `/employees/${encodeURIComponent(e.username)}`;
    const password = 'correct horse battery';
    const first = await c.patch(path, { password }, key('pw-1'));
    assert.equal(first.status, 200, first.text);
    const row = await forTenant(t().database.db, c.tenant.id)
      .selectFrom('idempotency_keys')
      .select('fingerprint')
      .where('key', '=', 'pw-1')
      .executeTakeFirstOrThrow();
    const url = `/${c.tenant.instance}/next/api/v1${path}`;
    const fast = crypto
      .createHash('sha256')
      .update(`PATCH ${url}\n${JSON.stringify({ password })}`)
      .digest('hex');
    assert.notEqual(row.fingerprint, fast, 'not a plain SHA-256 of the body with the password');
    const again = await c.patch(path, { password }, key('pw-1'));
    assert.equal(again.status, 200, again.text);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    const other = await c.patch(path, { password: 'another horse battery' }, key('pw-1'));
    assert.equal(other.status, 422, other.text);
  });
});
