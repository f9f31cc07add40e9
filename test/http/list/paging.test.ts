// Contract "Conventions for list endpoints": page/limit/perPage/order validation, orderBy with the key
// as tie-breaker (stable paging), unknown orderBy -> default order.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { seedActivities, seedDepartments, walkPages } from '../../support/lists.js';

const names = (r: { body: { data: { name: string }[] } }) => r.body.data.map((x) => x.name);
const ids = (r: { body: { data: { id: number }[] } }) => r.body.data.map((x) => x.id);
const range = (n: number, prefix = 'a') =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i + 1).padStart(3, '0')}`);

forEachDialect('list paging', (t) => {
  test('default: page 1 with 15 records', async () => {
    const c = await t().tenant();
    await seedActivities(t().database.db, c.tenant.id, range(20));
    const r = await c.get('/activities');
    assert.equal(r.status, 200);
    assert.deepEqual(names(r), range(15));
    assert.deepEqual(
      { ...r.body.meta, links: undefined, path: undefined },
      { current_page: 1, from: 1, last_page: 2, links: undefined, path: undefined, per_page: 15, to: 15, total: 20 },
    );
  });

  test('limit 1..200 is honoured and page selects the slice', async () => {
    const c = await t().tenant();
    await seedActivities(t().database.db, c.tenant.id, range(7));
    assert.deepEqual(names(await c.get('/activities?limit=1')), ['a001']);
    const p = await c.get('/activities?limit=3&page=3');
    assert.deepEqual(names(p), ['a007']);
    assert.deepEqual([p.body.meta.from, p.body.meta.to, p.body.meta.last_page, p.body.meta.per_page], [7, 7, 3, 3]);
    const max = await c.get('/activities?limit=200');
    assert.equal(max.status, 200);
    assert.equal(max.body.meta.per_page, 200);
    assert.equal(max.body.data.length, 7);
  });

  test('limit outside 1..200 or not an integer answers 422 on limit', async () => {
    const c = await t().tenant();
    for (const v of ['0', '201', 'abc', '-1', '1.5', '']) {
      const r = await c.get(`/activities?limit=${v}`);
      if (v === '') {
        // an empty value is "absent": Laravel's nullable rule, the default 15 applies
        assert.equal(r.status, 200, r.text);
        continue;
      }
      assert.equal(r.status, 422, `limit=${v}: ${r.text}`);
      assert.deepEqual(Object.keys(r.body.errors), ['limit']);
      assert.ok(r.body.errors.limit[0].length > 0);
    }
  });

  test('page below 1 or not an integer answers 422 on page', async () => {
    const c = await t().tenant();
    for (const v of ['0', '-3', 'two']) {
      const r = await c.get(`/activities?page=${v}`);
      assert.equal(r.status, 422, `page=${v}`);
      assert.deepEqual(Object.keys(r.body.errors), ['page']);
    }
  });

  test('perPage is accepted and ignored: per_page stays 15, or the limit', async () => {
    const c = await t().tenant();
    await seedActivities(t().database.db, c.tenant.id, range(20));
    const only = await c.get('/activities?perPage=5');
    assert.equal(only.status, 200);
    assert.equal(only.body.meta.per_page, 15);
    assert.equal(only.body.data.length, 15);
    const both = await c.get('/activities?perPage=5&limit=3');
    assert.equal(both.body.meta.per_page, 3);
    assert.equal(both.body.data.length, 3);
  });

  test('order asc|desc (either case); anything else answers 422 on order', async () => {
    const c = await t().tenant();
    await seedActivities(t().database.db, c.tenant.id, ['a', 'b', 'c']);
    assert.deepEqual(names(await c.get('/activities?order=desc')), ['c', 'b', 'a']);
    assert.deepEqual(names(await c.get('/activities?order=DESC')), ['c', 'b', 'a']);
    assert.deepEqual(names(await c.get('/activities?order=asc')), ['a', 'b', 'c']);
    for (const v of ['down', 'ascending', '1']) {
      const r = await c.get(`/activities?order=${v}`);
      assert.equal(r.status, 422);
      assert.deepEqual(Object.keys(r.body.errors), ['order']);
    }
  });

  test('several invalid values are reported together, one entry per field', async () => {
    const c = await t().tenant();
    const r = await c.get('/activities?page=0&limit=500&order=sideways');
    assert.equal(r.status, 422);
    assert.deepEqual(Object.keys(r.body.errors).sort(), ['limit', 'order', 'page']);
    assert.match(r.body.message, /\(and 2 more errors\)$/);
  });

  test('orderBy sorts by every sortable field, nulls last ascending and first descending, ties by the key', async () => {
    const c = await t().tenant();
    const { db } = t().database;
    const [root] = await seedDepartments(db, c.tenant.id, [{ name: 'root' }]);
    const v = (i: number) => (i * 5) % 8; // a permutation of 0..7 that is not the insertion order
    await seedDepartments(
      db,
      c.tenant.id,
      Array.from({ length: 8 }, (_, i) => ({
        name: `n${v(i) % 3}`,
        description: i % 3 === 0 ? null : `d${v(i)}`,
        status: i % 4 === 0 ? null : v(i) % 2,
        parent_id: i % 2 === 0 ? root : null,
        start_date: i % 3 === 1 ? null : `2024-0${1 + v(i)}-01`,
        end_date: i % 3 === 2 ? null : `2025-0${1 + (7 - v(i))}-15`,
        created: `2024-01-0${1 + v(i)} 10:00:00`,
        modified: i === 3 ? null : `2024-02-0${1 + (7 - v(i))} 10:00:00`,
      })),
    );
    const all = (await c.get('/departments?limit=200')).body.data as Record<string, any>[];
    const keyOrder = all.map((d) => d.id);
    for (const field of [
      'id',
      'name',
      'parent_id',
      'description',
      'status',
      'start_date',
      'end_date',
      'created',
      'modified',
    ]) {
      for (const order of ['asc', 'desc'] as const) {
        const expected = [...all]
          .sort((a, b) => {
            const [x, y] = [a[field], b[field]];
            if (x === null || y === null) {
              if (x === y) return a.id - b.id;
              return (x === null ? 1 : -1) * (order === 'asc' ? 1 : -1);
            }
            const cmp = Number(x > y) - Number(x < y);
            return (order === 'asc' ? cmp : -cmp) || (field === 'id' ? 0 : a.id - b.id);
          })
          .map((d) => d.id);
        if (field !== 'id') assert.notDeepEqual(expected, keyOrder, `test data does not exercise ${field}`);
        const r = await c.get(`/departments?limit=200&orderBy=${field}&order=${order}`);
        assert.equal(r.status, 200);
        assert.deepEqual(ids(r), expected, `orderBy=${field}&order=${order}`);
      }
    }
  });

  test('an unknown or non-sortable orderBy falls back to the default order (the key) in the requested direction', async () => {
    const c = await t().tenant();
    await seedActivities(t().database.db, c.tenant.id, [
      { name: 'a', description: 'z' },
      { name: 'b', description: 'y' },
      { name: 'c', description: 'x' },
    ]);
    assert.deepEqual(names(await c.get('/activities?orderBy=description')), ['c', 'b', 'a']);
    for (const bogus of ['nope', 'tenant_id', 'id', 'name;drop table activities', 'created desc']) {
      const r = await c.get(`/activities?orderBy=${encodeURIComponent(bogus)}`);
      assert.equal(r.status, 200, bogus);
      assert.deepEqual(names(r), ['a', 'b', 'c'], bogus);
      assert.deepEqual(names(await c.get(`/activities?orderBy=${encodeURIComponent(bogus)}&order=desc`)), [
        'c',
        'b',
        'a',
      ]);
    }
  });

  test('ties are broken by the key: walking every page of a tie-heavy sort yields each record once, asc and desc', async () => {
    const c = await t().tenant();
    const { db } = t().database;
    const created = await seedDepartments(
      db,
      c.tenant.id,
      Array.from({ length: 14 }, (_, i) => ({ name: i % 3 === 0 ? 'Beta' : 'Alpha' })),
    );
    const standard = (await c.get('/departments?limit=1')).body.data[0].id;
    const alpha = created.filter((_, i) => i % 3 !== 0);
    const beta = created.filter((_, i) => i % 3 === 0);
    for (const [order, expected] of [
      ['asc', [...alpha, ...beta, standard]],
      ['desc', [standard, ...beta, ...alpha]],
    ] as const) {
      const pages = await walkPages(t, c, `/departments?orderBy=name&order=${order}&limit=3`);
      assert.equal(pages.length, 5);
      assert.deepEqual(pages.flatMap(ids), expected, order);
      assert.deepEqual(
        pages.map((p) => p.body.meta.current_page),
        [1, 2, 3, 4, 5],
      );
    }
  });
});
