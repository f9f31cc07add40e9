// List filters: modified_after (>) / modified_before (<=) in ISO 8601 or 'Y-m-d H:i:s', empty or
// unparseable -> 422; unknown parameters ignored; `key[]=v` array filters; X-Forwarded-* only with TRUST_PROXY.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Type } from '@sinclair/typebox';
import { forEachDialect, type TestContext } from '../../support/app.js';
import { seedActivities } from '../../support/lists.js';
import { arrayParam, listQuery } from '../../../src/http/list/index.js';
import type { ZkApp } from '../../../src/types.js';

const names = (r: { body: { data: { name: string }[] } }) => r.body.data.map((x) => x.name);

/** A probe route for the array filter syntax (no list of the foundation has an array filter yet). */
const arrayProbe = (app: ZkApp) => {
  app.get(
    '/test/array-filter',
    { schema: { querystring: listQuery({ 'status[]': Type.Optional(Type.Array(Type.Integer())) }) } },
    async (req) => ({
      status: arrayParam(req.query as Record<string, unknown>, 'status') ?? null,
    }),
  );
};

async function tenantWithModified(t: () => TestContext) {
  const c = await t().tenant();
  await seedActivities(t().database.db, c.tenant.id, [
    { name: 'a', modified: '2024-01-01 09:59:59' },
    { name: 'b', modified: '2024-01-01 10:00:00' },
    { name: 'c', modified: '2024-01-01 10:00:01' },
    { name: 'n', modified: null },
  ]);
  return c;
}

forEachDialect(
  'list filters',
  (t) => {
    test('modified_after is strict (>) and modified_before inclusive (<=), in ISO 8601 with Z', async () => {
      const c = await tenantWithModified(t);
      assert.deepEqual(names(await c.get('/activities?modified_after=2024-01-01T10:00:00Z')), ['c']);
      assert.deepEqual(names(await c.get('/activities?modified_before=2024-01-01T10:00:00Z')), ['a', 'b']);
      assert.deepEqual(
        names(await c.get('/activities?modified_after=2024-01-01T09:59:59Z&modified_before=2024-01-01T10:00:00Z')),
        ['b'],
      );
    });

    test("'Y-m-d H:i:s', offsets, fractions and dates are understood; values without a zone are UTC", async () => {
      const c = await tenantWithModified(t);
      const q = (v: string) => c.get(`/activities?modified_after=${encodeURIComponent(v)}`).then(names);
      assert.deepEqual(await q('2024-01-01 10:00:00'), ['c']);
      assert.deepEqual(await q('2024-01-01T12:00:00+02:00'), ['c']);
      assert.deepEqual(await q('2024-01-01T08:59:59-01:00'), ['b', 'c']);
      assert.deepEqual(await q('2024-01-01T10:00:00.000000Z'), ['c']);
      assert.deepEqual(await q('2024-01-01T09:59:59.5Z'), ['b', 'c']);
      assert.deepEqual(await q('2024-01-01'), ['a', 'b', 'c']);
      assert.deepEqual(await q('2024-01-02'), []);
      const plus = await c.get('/activities?modified_before=2024-01-01T11:59:59%2B02:00');
      assert.deepEqual(names(plus), ['a']);
    });

    test('an empty or unparseable modified_after / modified_before answers 422 on that field', async () => {
      const c = await t().tenant();
      for (const field of ['modified_after', 'modified_before']) {
        for (const v of [
          '',
          'yesterday',
          '2024-13-01',
          '2024-02-30',
          '2024-01-01T25:00:00Z',
          '2024-01-01 10:61:00',
          '01.02.2024',
          '1704103200',
        ]) {
          const r = await c.get(`/activities?${field}=${encodeURIComponent(v)}`);
          assert.equal(r.status, 422, `${field}=${v}: ${r.text}`);
          assert.deepEqual(Object.keys(r.body.errors), [field]);
        }
      }
    });

    test('unknown and misspelled query parameters are ignored, not rejected', async () => {
      const c = await t().tenant();
      await seedActivities(t().database.db, c.tenant.id, ['a', 'b']);
      const r = await c.get('/activities?foo=bar&modifed_after=garbage&customer_number[]=x&page_size=1');
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(names(r), ['a', 'b']);
      await c.post('/categories', { name: 'K', type: 'customer' });
      await c.post('/categories', { name: 'P', type: 'project' });
      assert.deepEqual(names(await c.get('/categories?typ=customer')), ['K', 'P']);
      assert.deepEqual(names(await c.get('/categories?type=customer')), ['K']);
    });

    test('array filters arrive as repeated key[]=v (a single value is a one-element array); bad items are 422', async () => {
      const probe = (qs: string) => t().inject({ method: 'GET', url: `/test/array-filter?${qs}` });
      assert.deepEqual((await probe('status[]=1&status[]=2')).body, { status: ['1', '2'] });
      assert.deepEqual((await probe('status%5B%5D=3')).body, { status: ['3'] });
      assert.deepEqual((await probe('other=1')).body, { status: null });
      const bad = await probe('status[]=1&status[]=x');
      assert.equal(bad.status, 422);
      assert.deepEqual(Object.keys(bad.body.errors), ['status.1']);
    });

    test('without TRUST_PROXY, X-Forwarded-Proto/Host do not change the links', async () => {
      const c = await t().tenant();
      const r = await c.get('/activities', {
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
      });
      assert.match(r.body.links.first, /^http:\/\/localhost(:80)?\//);
      assert.doesNotMatch(r.body.meta.path, /evil/);
    });
  },
  {},
  arrayProbe,
);

forEachDialect(
  'list links behind a trusted proxy',
  (t) => {
    test('with TRUST_PROXY, links and meta.path use X-Forwarded-Proto and X-Forwarded-Host', async () => {
      const c = await t().tenant();
      const r = await c.get('/activities?limit=2', {
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'api.example.com' },
      });
      const base = `https://api.example.com/${c.tenant.instance}/next/api/v1/activities`;
      assert.equal(r.body.links.first, `${base}?limit=2&page=1`);
      assert.equal(r.body.meta.path, base);
      assert.equal(r.body.meta.links[1].url, `${base}?limit=2&page=1`);
    });
  },
  { trustProxy: true },
);
