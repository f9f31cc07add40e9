// Query strings and path keys as clients send them (http/request-input.ts):
// every array syntax, array-for-scalar 422, empty means not given (dates excepted), perPage ignored, strict
// integers, inverted date ranges, impossible integer keys 404.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { seedActivities } from '../../support/lists.js';
import { seedCustomer } from '../../support/seed.js';

const numbers = (r: { body: { data: { customer_number: string }[] } }) =>
  r.body.data.map((x) => x.customer_number).sort();

forEachDialect('query input', (t) => {
  test('array filters accept key[]=v, indexed key[0]=v and a repeated key=v alike', async () => {
    const c = await t().tenant();
    for (const n of ['1001', '1002', '1003']) await seedCustomer(t().database.db, c.tenant.id, { customer_number: n });
    for (const q of [
      'customer_number[]=1001&customer_number[]=1002',
      'customer_number[0]=1001&customer_number[1]=1002',
      'customer_number%5B0%5D=1001&customer_number%5B1%5D=1002',
      'customer_number=1001&customer_number=1002',
      'customer_number[]=1001&customer_number=1002',
    ]) {
      const r = await c.get(`/customers?${q}`);
      assert.equal(r.status, 200, `${q}: ${r.text}`);
      assert.deepEqual(numbers(r), ['1001', '1002'], q);
    }
    assert.deepEqual(numbers(await c.get('/customers?customer_number=1003')), ['1003']);
  });

  test('an array where a single value is expected is 422 on that field, never ignored', async () => {
    const c = await t().tenant();
    for (const q of ['employee_id[]=x', 'employee_id[0]=x', 'project_id[]=1']) {
      const r = await c.get(`/attendances?${q}`);
      assert.equal(r.status, 422, `${q}: ${r.text}`);
      assert.deepEqual(Object.keys(r.body.errors), [q.split('[')[0]]);
    }
    const page = await c.get('/activities?page[]=2');
    assert.equal(page.status, 422);
    assert.deepEqual(Object.keys(page.body.errors), ['page']);
  });

  test('an empty value means "not given" for every non-date parameter; an empty date is 422', async () => {
    const c = await t().tenant();
    await seedCustomer(t().database.db, c.tenant.id, { customer_number: 'A1', inactive: false });
    await seedCustomer(t().database.db, c.tenant.id, { customer_number: 'B1', inactive: true });
    for (const q of [
      'inactive=',
      'status=',
      'customer_number[]=',
      'customer_number=',
      'page=',
      'limit=',
      'order=',
      'orderBy=',
      'inactive',
    ]) {
      const r = await c.get(`/customers?${q}`);
      assert.equal(r.status, 200, `${q}: ${r.text}`);
      assert.deepEqual(numbers(r), ['A1', 'B1'], q);
    }
    for (const q of ['employee_id=', 'project_id=', 'order='])
      assert.equal((await c.get(`/attendances?${q}`)).status, 200, q);
    // The deprecated alias applies when the new parameter is empty.
    assert.deepEqual(numbers(await c.get('/customers?status=0&inactive=')), ['B1']);
    for (const q of ['start_date=', 'end_date=', 'modified_after=']) {
      const r = await c.get(`/customers?${q}`);
      assert.equal(r.status, 422, q);
      assert.deepEqual(Object.keys(r.body.errors), [q.replace('=', '')]);
    }
  });

  test('perPage is ignored whatever its value', async () => {
    const c = await t().tenant();
    await seedActivities(t().database.db, c.tenant.id, ['a', 'b']);
    for (const v of ['0', '-1', '5000', 'abc', '1.5', '']) {
      const r = await c.get(`/activities?perPage=${v}`);
      assert.equal(r.status, 200, `perPage=${v}: ${r.text}`);
      assert.equal(r.body.meta.per_page, 15);
    }
    assert.equal((await c.get('/activities?perPage=1&perPage=2')).status, 200);
  });

  test('integers in the query are plain digits: hex, signed, exponent and fractions are 422', async () => {
    const c = await t().tenant();
    for (const v of ['0x10', '+2', '1e1', '1.0', '0b1', '2 3']) {
      const r = await c.get(`/activities?page=${encodeURIComponent(v)}`);
      assert.equal(r.status, 422, `page=${v}: ${r.text}`);
      assert.deepEqual(Object.keys(r.body.errors), ['page']);
    }
    assert.equal((await c.get('/activities?page=02')).status, 200);
    assert.equal((await c.get('/activities?page=%202%20')).status, 200); // trimmed, as every value
    // A flag typed boolean-or-integer still takes true/false.
    const p = await c.post('/projects', { name: 'Flag' });
    assert.equal((await c.get(`/projects/${p.body.data.id}/price-tables?fallback=true`)).status, 200);
    assert.equal((await c.get(`/projects/${p.body.data.id}/price-tables?fallback=1`)).status, 200);
  });

  test('start_date after end_date is 422 on end_date on every list that takes both', async () => {
    const c = await t().tenant();
    for (const path of ['/customers', '/projects', '/attendances', '/departments']) {
      const r = await c.get(`${path}?start_date=2024-02-01&end_date=2024-01-31`);
      assert.equal(r.status, 422, `${path}: ${r.text}`);
      assert.deepEqual(Object.keys(r.body.errors), ['end_date']);
      assert.equal((await c.get(`${path}?start_date=2024-02-01&end_date=2024-02-01`)).status, 200, path);
    }
  });

  test('an integer record key that cannot exist (0, negative, not a number, too large) is 404', async () => {
    const c = await t().tenant();
    for (const path of [
      '/attendances/0',
      '/projects/0',
      '/projects/-3',
      '/departments/abc',
      '/departments/1.5',
      '/projects/99999999999999999999',
      '/projects/0/tasks',
      '/tickets/abc',
    ]) {
      const r = await c.get(path);
      assert.equal(r.status, 404, `${path}: ${r.text}`);
      assert.equal(typeof r.body.message, 'string');
    }
    assert.equal((await c.request('PATCH', '/departments/abc', {})).status, 404);
    assert.equal((await c.delete('/projects/0')).status, 404);
  });
});
