// One error handler (docs/api/conventions.md) — JSON 404 route-not-found, 405 with Allow, 400/413/415 for bad
// bodies, 422 {message, errors}, 500 "Server Error." without internals; every error is application/json.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { forEachDialect, type Response } from '../support/app.js';
import type { ZkApp } from '../../src/types.js';

const SECRET = 'SELECT secret FROM /work/zeitkonto/src/internal.ts';

/** Routes that fail the way real bugs do: a thrown Error and a failing SQL statement. */
const failingRoutes = (app: ZkApp) => {
  app.get('/test/throws', async () => {
    throw new Error(SECRET);
  });
  app.get('/test/bad-sql', async () => {
    await sql`SELECT no_such_column FROM no_such_table`.execute(app.zk.db);
    return {};
  });
  app.get('/test/bigint-overflow', async () => {
    await sql`SELECT CAST(${'99999999999999999999'} AS BIGINT)`.execute(app.zk.db);
    return {};
  });
  app.get('/test/throws-string', async () => {
    throw SECRET; // eslint-disable-line no-throw-literal
  });
};

function assertJson(r: Response) {
  assert.match(String(r.headers['content-type']), /^application\/json/, `${r.status} ${r.text}`);
  assert.equal(typeof r.body?.message, 'string', r.text);
}

forEachDialect(
  'errors',
  (t) => {
    test('an unknown route is a JSON 404 naming the route without leading slash or query', async () => {
      const c = await t().tenant();
      const r = await c.get('/no-such-thing/deeper?x=1');
      assert.equal(r.status, 404);
      assert.deepEqual(r.body, {
        message: `The route ${c.tenant.instance}/next/api/v1/no-such-thing/deeper could not be found.`,
      });
      assertJson(r);
      const outside = await t().inject({ method: 'GET', url: '/elsewhere?q=1' });
      assert.deepEqual([outside.status, outside.body], [404, { message: 'The route elsewhere could not be found.' }]);
      assertJson(outside);
    });

    test('an unknown instance looks like a bad token: 401 Unauthenticated, with or without a token of another tenant', async () => {
      const c = await t().tenant();
      for (const headers of [{}, { authorization: `Bearer ${c.token}` }]) {
        const r = await t().inject({ method: 'GET', url: '/no-such-tenant/next/api/v1/departments', headers });
        assert.equal(r.status, 401);
        assert.deepEqual(r.body, { message: 'Unauthenticated.' });
        assertJson(r);
      }
    });

    test('a known path with a wrong method is 405 with Allow and the live message pattern', async () => {
      const c = await t().tenant();
      const list = await c.request('PATCH', '/departments');
      assert.equal(list.status, 405);
      assert.equal(list.headers.allow, 'GET, HEAD, POST');
      assert.deepEqual(list.body, {
        message: `The PATCH method is not supported for route ${c.tenant.instance}/next/api/v1/departments. Supported methods: GET, HEAD, POST.`,
      });
      assertJson(list);
      const item = await c.request('POST', '/departments/5');
      assert.equal(item.status, 405);
      assert.deepEqual(item.headers.allow!.toString().split(', ').sort(), ['DELETE', 'GET', 'HEAD', 'PATCH', 'PUT']);
      assert.match(
        item.body.message,
        new RegExp(
          `^The POST method is not supported for route ${c.tenant.instance}/next/api/v1/departments/5\\. Supported methods: .+\\.$`,
        ),
      );
    });

    test('a body that is not valid JSON is a JSON 400, not a 500', async () => {
      const c = await t().tenant();
      for (const payload of ['{"name":', '{name: 1}', "{'a':1}"]) {
        const r = await c.request('POST', '/activities', payload, { headers: { 'content-type': 'application/json' } });
        assert.equal(r.status, 400, payload);
        assert.deepEqual(r.body, { message: 'The request body is not valid JSON.' });
        assertJson(r);
      }
    });

    test('an empty body with Content-Type: application/json is no body (DELETE works, POST is 422)', async () => {
      const c = await t().tenant();
      await c.post('/activities', { name: 'be' });
      const del = await c.delete('/activities/be', { headers: { 'content-type': 'application/json' } });
      assert.equal(del.status, 204, del.text);
      const post = await c.request('POST', '/activities', '', { headers: { 'content-type': 'application/json' } });
      assert.equal(post.status, 422, post.text);
      assertJson(post);
    });

    test('a body over the limit is a JSON 413; an unsupported media type a JSON 415', async () => {
      const c = await t().tenant();
      const big = await c.post('/activities', { name: 'x', description: 'y'.repeat(t().config.bodyLimit + 1) });
      assert.equal(big.status, 413);
      assertJson(big);
      const form = await c.request('POST', '/activities', 'name=x', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(form.status, 415);
      assertJson(form);
    });

    test('a malformed URL escape is a JSON 400 in the usual shape', async () => {
      const c = await t().tenant();
      const r = await c.get('/activities/%E0%A4%A');
      assert.equal(r.status, 400);
      assert.deepEqual(Object.keys(r.body), ['message']);
      assertJson(r);
    });

    test('unexpected errors are 500 {"message":"Server Error."} without stack, SQL or paths', async () => {
      for (const path of ['/test/throws', '/test/bad-sql', '/test/throws-string']) {
        const r = await t().inject({ method: 'GET', url: path });
        assert.equal(r.status, 500, path);
        assert.deepEqual(r.body, { message: 'Server Error.' });
        assert.doesNotMatch(r.text, /SELECT|no_such|\/work|\.ts|at /);
        assertJson(r);
      }
    });

    test('schema errors in the query and the body are 422 {message, errors: {field: [..]}}', async () => {
      const c = await t().tenant();
      const q = await c.get('/departments?start_date=2024-01-01T10:00:00&limit=0');
      assert.equal(q.status, 422);
      assert.deepEqual(Object.keys(q.body).sort(), ['errors', 'message']);
      assert.deepEqual(Object.keys(q.body.errors).sort(), ['limit', 'start_date']);
      for (const messages of Object.values(q.body.errors))
        assert.ok(Array.isArray(messages) && messages.every((m) => typeof m === 'string' && m.length > 0));
      assert.equal(q.body.message, `${q.body.errors[Object.keys(q.body.errors)[0]][0]} (and 1 more error)`);
      const b = await c.post('/departments', { name: '', status: 7, parent_id: 'x' });
      assert.equal(b.status, 422);
      assert.deepEqual(Object.keys(b.body.errors).sort(), ['name', 'parent_id', 'status']);
      const missing = await c.post('/activities', {});
      assert.deepEqual(missing.body, {
        message: 'The name field is required.',
        errors: { name: ['The name field is required.'] },
      });
      assertJson(missing);
    });

    test('numbers beyond the id range are 4xx on both databases, never 500', async () => {
      const c = await t().tenant();
      for (const id of ['99999999999999999999', '9223372036854775808', '9007199254740993']) {
        const r = await c.get(`/departments/${id}`);
        assert.ok(r.status === 404 || r.status === 422, `${id}: ${r.status} ${r.text}`);
        assertJson(r);
      }
      const parent = await c.post('/departments', { name: 'x', parent_id: 99999999999999999999 });
      assert.equal(parent.status, 422, parent.text);
      assert.ok(parent.body.errors.parent_id);
    });

    test('a numeric overflow that slips past the schemas is a 422, not a 500', async () => {
      // PostgreSQL refuses the cast; SQLite saturates it to an integer JavaScript cannot read exactly.
      const r = await t().inject({ method: 'GET', url: '/test/bigint-overflow' });
      assert.equal(r.status, 422);
      assertJson(r);
    });

    test('an unknown record key is a JSON 404 {message}', async () => {
      const c = await t().tenant();
      const r = await c.get('/departments/424242');
      assert.equal(r.status, 404);
      assert.deepEqual(Object.keys(r.body), ['message']);
      assertJson(r);
    });
  },
  {},
  failingRoutes,
);
