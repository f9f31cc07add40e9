// GET /employees filters (personal_number[] and single personal_number, department_id), sort and paging;
// GET /departments/{id}/employees; German labels on a German tenant.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { createEmployee } from '../../support/people.js';

forEachDialect('employees list', (t) => {
  test('personal_number[] selects several, a single personal_number one employee', async () => {
    const c = await t().tenant();
    await createEmployee(c, { username: 'a', personal_number: '100' });
    await createEmployee(c, { username: 'b', personal_number: '200' });
    await createEmployee(c, { username: 'c', personal_number: '300' });
    const many = await c.get('/employees?personal_number[]=100&personal_number[]=300');
    assert.deepEqual(
      many.body.data.map((e: any) => e.username),
      ['a', 'c'],
    );
    const encoded = await c.get('/employees?personal_number%5B%5D=200');
    assert.deepEqual(
      encoded.body.data.map((e: any) => e.username),
      ['b'],
    );
    const single = await c.get('/employees?personal_number=300');
    assert.deepEqual(
      single.body.data.map((e: any) => e.username),
      ['c'],
    );
  });

  test('default order is the username; orderBy lastname desc with username as tie-breaker; limit pages', async () => {
    const c = await t().tenant();
    await createEmployee(c, { username: 'z', lastname: 'Alpha' });
    await createEmployee(c, { username: 'y', lastname: 'Alpha' });
    await createEmployee(c, { username: 'x', lastname: 'Beta' });
    assert.deepEqual(
      (await c.get('/employees')).body.data.map((e: any) => e.username),
      ['x', 'y', 'z'],
    );
    const sorted = await c.get('/employees?orderBy=lastname&order=desc');
    assert.deepEqual(
      sorted.body.data.map((e: any) => e.username),
      ['x', 'y', 'z'],
    );
    const page = await c.get('/employees?limit=2&page=2');
    assert.deepEqual(
      page.body.data.map((e: any) => e.username),
      ['z'],
    );
    assert.equal(page.body.meta.total, 3);
  });

  test('GET /departments/{id}/employees lists only that department, without categories', async () => {
    const c = await t().tenant();
    const dep = (await c.post('/departments', { name: 'Dev' })).body.data;
    await createEmployee(c, { username: 'in.dev', department_id: dep.id });
    await createEmployee(c, { username: 'elsewhere' });
    const r = await c.get(`/departments/${dep.id}/employees`);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(
      r.body.data.map((e: any) => e.username),
      ['in.dev'],
    );
    assert.ok(!('categories' in r.body.data[0]) && !('dynamicAttributes' in r.body.data[0]));
    assert.equal((await c.get('/departments/99999/employees')).status, 404);
    const filtered = await c.get(`/employees?department_id=${dep.id}`);
    assert.deepEqual(
      filtered.body.data.map((e: any) => e.username),
      ['in.dev'],
    );
  });

  test('labels are German on a German tenant', async () => {
    const c = await t().tenant({ language: 'de' });
    const e = await createEmployee(c, { rights: 3 });
    assert.deepEqual(e.employment, { id: 0, name: 'Mitarbeiter/in' });
    assert.deepEqual(e.rights, { id: 3, name: 'Benutzer mit zusätzlichen Berechtigungen' });
  });
});
