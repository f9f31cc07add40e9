// Personal tokens act with their employee's current rights; scopes narrow a token; /tokens lets people keep their own
// (docs/api/permissions.md).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, type Client } from '../support/app.js';
import { createEmployee, userPath } from '../support/people.js';
import { createToken } from '../../src/tenancy/tokens.js';

forEachDialect('personal tokens and scopes', (t) => {
  /** A token of a new employee with these rights (0 User … 4 Project Controller), made through the API. */
  async function person(c: Client, rights: number, body: Record<string, unknown> = {}) {
    const e = await createEmployee(c, { rights });
    const r = await c.post('/tokens', { name: 'laptop', employee_id: e.username, ...body });
    assert.equal(r.status, 201, r.text);
    return { username: e.username as string, client: t().client(c.tenant, r.body.data.token), id: r.body.data.id };
  }

  test('a User reads shared master data and is refused commercial data with 403 naming the permission', async () => {
    const c = await t().tenant();
    const { client } = await person(c, 0);
    assert.equal((await client.get('/departments')).status, 200);
    assert.equal((await client.get('/activities')).status, 200);
    const r = await client.get('/customers');
    assert.equal(r.status, 403, r.text);
    assert.equal(r.body.required, 'customers:read');
    assert.match(r.body.message, /customers:read/);
    const w = await client.post('/activities', { name: 'nope' });
    assert.equal(w.status, 403, w.text);
    assert.equal(w.body.required, 'activities:write');
    assert.equal((await c.get('/activities/nope')).status, 404, 'nothing was written');
  });

  test('a change of rights applies to the next request of the same token', async () => {
    const c = await t().tenant();
    const { client, username } = await person(c, 0);
    assert.equal((await client.get('/customers')).status, 403);
    assert.equal((await c.patch(userPath(username), { rights: 2 })).status, 200);
    assert.equal((await client.get('/customers')).status, 200);
    assert.equal((await c.patch(userPath(username), { rights: 0 })).status, 200);
    assert.equal((await client.get('/customers')).status, 403);
  });

  test('an employee whose employment has ended gets 401; a running period keeps the token working', async () => {
    const c = await t().tenant();
    const { client, username } = await person(c, 1);
    const periods = `${userPath(username)}/employment-periods`;
    const p = await c.post(periods, { start_date: '2020-01-01', end_date: '2099-12-31' });
    assert.equal(p.status, 201, p.text);
    assert.equal((await client.get('/departments')).status, 200);
    assert.equal((await c.patch(`${periods}/${p.body.data.id}`, { end_date: '2021-12-31' })).status, 200);
    const r = await client.get('/departments');
    assert.equal(r.status, 401, r.text);
    assert.deepEqual(r.body, { message: 'Unauthenticated.' });
  });

  test('an administrator’s personal token may do what a service token does', async () => {
    const c = await t().tenant();
    const { client } = await person(c, 1);
    assert.equal((await client.get('/customers')).status, 200);
    assert.equal((await client.post('/activities', { name: 'admin-made' })).status, 201);
    assert.equal((await client.get('/webhooks')).status, 200);
  });

  test('scopes narrow a token: write includes read, other areas are 403, never wider than the owner', async () => {
    const c = await t().tenant();
    const { client: narrow } = await person(c, 1, { scopes: ['activities:write', 'departments:read'] });
    assert.equal((await narrow.get('/activities')).status, 200);
    assert.equal((await narrow.post('/activities', { name: 'scoped' })).status, 201);
    assert.equal((await narrow.get('/departments')).status, 200);
    const d = await narrow.post('/departments', { name: 'x' });
    assert.equal(d.status, 403);
    assert.equal(d.body.required, 'departments:write');
    assert.equal((await narrow.get('/customers')).body.required, 'customers:read');
    // A User's token scoped to customers still cannot read customers: scopes never widen a role.
    const { client: user } = await person(c, 0, { scopes: ['customers:read'] });
    assert.equal((await user.get('/customers')).status, 403);
  });

  test('a read-only service token reads everything and writes nothing (403 naming the write)', async () => {
    const c = await t().tenant();
    const { token } = await createToken(t().database.db, c.tenant.id, { readOnly: true });
    const ro = t().client(c.tenant, token);
    assert.equal((await ro.get('/customers')).status, 200);
    const r = await ro.post('/activities', { name: 'ro' });
    assert.equal(r.status, 403);
    assert.equal(r.body.required, 'activities:write');
  });

  test('people list, create and revoke their own tokens; the secret is shown once', async () => {
    const c = await t().tenant();
    const me = await person(c, 0);
    const other = await person(c, 0);
    const made = await me.client.post('/tokens', { name: 'phone', scopes: ['departments:read'] });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.body.data.employee_id, me.username);
    assert.match(made.body.data.token, /^zk_/);
    const list = await me.client.get('/tokens');
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.data.map((x: any) => x.name).sort(), ['laptop', 'phone']);
    assert.ok(list.body.data.every((x: any) => x.employee_id === me.username && !('token' in x)));
    // Not for someone else, and someone else's token is not there to revoke.
    const forOther = await me.client.post('/tokens', { name: 'x', employee_id: other.username });
    assert.equal(forOther.status, 403);
    assert.equal((await me.client.delete(`/tokens/${other.id}`)).status, 404);
    assert.equal((await other.client.get('/departments')).status, 200);
    // Revoked: the token stops working at once.
    assert.equal((await me.client.delete(`/tokens/${made.body.data.id}`)).status, 204);
    assert.equal((await t().client(c.tenant, made.body.data.token).get('/departments')).status, 401);
    assert.equal((await me.client.delete(`/tokens/${made.body.data.id}`)).status, 404);
  });

  test('administrators and service tokens manage everyone’s tokens; a narrowed token mints nothing wider', async () => {
    const c = await t().tenant();
    const user = await person(c, 0);
    const admin = await person(c, 1);
    const all = await admin.client.get('/tokens');
    assert.ok(all.body.data.some((x: any) => x.employee_id === user.username));
    assert.equal((await admin.client.delete(`/tokens/${user.id}`)).status, 204);
    assert.equal((await user.client.get('/departments')).status, 401);
    const unknown = await c.post('/tokens', { name: 'x', employee_id: 'nobody.here' });
    assert.equal(unknown.status, 422);
    assert.ok(unknown.body.errors.employee_id);
    const bad = await c.post('/tokens', { name: 'x', scopes: ['nothing:read'] });
    assert.equal(bad.status, 422);
    const narrow = await person(c, 1, { scopes: ['tokens:write'] });
    const wider = await narrow.client.post('/tokens', { name: 'wider', scopes: ['*:write'] });
    assert.equal(wider.status, 403, wider.text);
    const same = await narrow.client.post('/tokens', { name: 'same' });
    assert.equal(same.status, 201, same.text);
    assert.deepEqual(same.body.data.scopes, ['tokens:write']);
  });
});

// With the caches on, as in production: a change made through the API still applies to the next request.
forEachDialect(
  'personal tokens with the caches on',
  (t) => {
    test('rights and an ended employment apply to the next request of a cached token', async () => {
      const c = await t().tenant();
      const e = await createEmployee(c, { rights: 0 });
      const made = await c.post('/tokens', { name: 'cached', employee_id: e.username });
      const me = t().client(c.tenant, made.body.data.token);
      assert.equal((await me.get('/customers')).status, 403);
      assert.equal((await c.patch(userPath(e.username), { rights: 2 })).status, 200);
      assert.equal((await me.get('/customers')).status, 200);
      const p = await c.post(`${userPath(e.username)}/employment-periods`, {
        start_date: '2020-01-01',
        end_date: '2021-12-31',
      });
      assert.equal(p.status, 201, p.text);
      assert.equal((await me.get('/customers')).status, 401);
    });
  },
  { tenantCacheMs: 60_000 },
);
