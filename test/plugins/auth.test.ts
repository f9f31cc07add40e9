// Bearer tokens — 401 for missing/malformed/unknown/expired/revoked, tenant-bound, read-only -> 403,
// stored only as SHA-256, at least 256 random bits, last use recorded.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import { nowTimestamp } from '../../src/values/formats.js';
import { createToken, generateToken, revokeToken } from '../../src/tenancy/tokens.js';

const UNAUTHENTICATED = { message: 'Unauthenticated.' };

forEachDialect('authentication', (t) => {
  const withAuth = async (instance: string, authorization: string | undefined) =>
    t().inject({
      method: 'GET',
      url: `/${instance}/next/api/v1/departments`,
      headers: authorization === undefined ? {} : { authorization },
    });

  test('a valid bearer token is accepted (control for the 401 cases)', async () => {
    const c = await t().tenant();
    const r = await withAuth(c.tenant.instance, `Bearer ${c.token}`);
    assert.equal(r.status, 200, r.text);
  });

  test('missing and malformed Authorization headers answer 401 {"message":"Unauthenticated."}', async () => {
    const c = await t().tenant();
    for (const header of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      `Basic ${c.token}`,
      `Token ${c.token}`,
      c.token,
      `Bearer ${c.token} extra`,
      'Basic x',
    ]) {
      const r = await withAuth(c.tenant.instance, header);
      assert.equal(r.status, 401, `header ${JSON.stringify(header)}`);
      assert.deepEqual(r.body, UNAUTHENTICATED);
      assert.match(String(r.headers['content-type']), /^application\/json/);
      assert.equal(r.headers['www-authenticate'], 'Bearer');
    }
  });

  test('unknown tokens answer 401, including ones that look real', async () => {
    const c = await t().tenant();
    for (const token of [generateToken(), 'x'.repeat(43), `${c.token}x`, c.token.slice(0, -1), '😀'.repeat(30)]) {
      const r = await withAuth(c.tenant.instance, `Bearer ${token}`);
      assert.equal(r.status, 401, token);
      assert.deepEqual(r.body, UNAUTHENTICATED);
    }
  });

  test('an expired token answers 401; one that expires later still works', async () => {
    const c = await t().tenant();
    const { db } = t().database;
    const soon = await createToken(db, c.tenant.id, { expiresInDays: 1 });
    assert.equal((await withAuth(c.tenant.instance, `Bearer ${soon.token}`)).status, 200);
    await db
      .updateTable('api_tokens')
      .set({ expires_at: nowTimestamp(new Date(Date.now() - 1000)) })
      .where('tenant_id', '=', c.tenant.id)
      .where('id', '=', soon.info.id)
      .execute();
    const r = await withAuth(c.tenant.instance, `Bearer ${soon.token}`);
    assert.equal(r.status, 401);
    assert.deepEqual(r.body, UNAUTHENTICATED);
  });

  test('a revoked token answers 401 while other tokens of the tenant keep working', async () => {
    const c = await t().tenant();
    const { db } = t().database;
    const other = await createToken(db, c.tenant.id);
    assert.equal(await revokeToken(db, c.tenant.id, other.info.id), true);
    assert.deepEqual((await withAuth(c.tenant.instance, `Bearer ${other.token}`)).body, UNAUTHENTICATED);
    assert.equal((await withAuth(c.tenant.instance, `Bearer ${c.token}`)).status, 200);
  });

  test("a token of tenant A used on tenant B answers 401 (and B's data is not reached)", async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    const r = await withAuth(b.tenant.instance, `Bearer ${a.token}`);
    assert.equal(r.status, 401);
    assert.deepEqual(r.body, UNAUTHENTICATED);
    const write = await t().inject({
      method: 'POST',
      url: `/${b.tenant.instance}/next/api/v1/activities`,
      headers: { authorization: `Bearer ${a.token}` },
      payload: { name: 'x' },
    });
    assert.equal(write.status, 401);
    assert.equal((await b.get('/activities/x')).status, 404);
  });

  test('the bearer scheme is case-insensitive ("bearer" works)', async () => {
    const c = await t().tenant();
    assert.equal((await withAuth(c.tenant.instance, `bearer ${c.token}`)).status, 200);
  });

  test('a read-only token reads (200) but every write method answers 403 before validation', async () => {
    const c = await t().tenant({ readOnly: true });
    assert.equal((await c.get('/activities')).status, 200);
    const { db } = t().database;
    const rw = await createToken(db, c.tenant.id);
    await t().inject({
      method: 'POST',
      url: `/${c.tenant.instance}/next/api/v1/activities`,
      headers: { authorization: `Bearer ${rw.token}` },
      payload: { name: 'be' },
    });
    for (const [method, path, body] of [
      ['POST', '/activities', { name: 'new' }],
      ['POST', '/activities', {}],
      ['PATCH', '/activities/be', { description: 'x' }],
      ['PUT', '/activities/be', { description: 'x' }],
      ['DELETE', '/activities/be', undefined],
    ] as const) {
      const r = await c.request(method, path, body);
      assert.equal(r.status, 403, `${method} ${path}`);
      assert.equal(typeof r.body.message, 'string');
    }
    const still = await c.get('/activities/be');
    assert.equal(still.status, 200);
    assert.equal(still.body.data.description, null);
  });

  test('tokens are stored only as their SHA-256 hash', async () => {
    const c = await t().tenant();
    const rows = await t()
      .database.db.selectFrom('api_tokens')
      .selectAll()
      .where('tenant_id', '=', c.tenant.id)
      .execute();
    assert.equal(rows.length, 1);
    const row = rows[0] as Record<string, unknown>;
    for (const value of Object.values(row)) assert.ok(!String(value).includes(c.token.slice(3)), 'plaintext stored');
    assert.equal(row.token_hash, crypto.createHash('sha256').update(c.token).digest('hex'));
  });

  test('tokens carry at least 256 random bits (zk_ + 43 base64url characters, all distinct)', async () => {
    const c = await t().tenant();
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const { token } = await createToken(t().database.db, c.tenant.id);
      const m = /^zk_([A-Za-z0-9_-]+)$/.exec(token);
      assert.ok(m, token);
      assert.ok(m[1].length * 6 >= 256, `only ${m[1].length * 6} bits`);
      assert.equal(Buffer.from(m[1], 'base64url').length, 32);
      seen.add(token);
    }
    assert.equal(seen.size, 50);
  });

  test('last use is recorded on a successful request', async () => {
    const c = await t().tenant();
    const lastUsed = async () =>
      (
        await t()
          .database.db.selectFrom('api_tokens')
          .select('last_used_at')
          .where('tenant_id', '=', c.tenant.id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    assert.equal(await lastUsed(), null);
    const before = nowTimestamp(new Date(Date.now() - 1000));
    assert.equal((await c.get('/activities')).status, 200);
    const used = await lastUsed();
    assert.ok(used !== null && used >= before && used <= nowTimestamp(new Date(Date.now() + 1000)), String(used));
  });
});
