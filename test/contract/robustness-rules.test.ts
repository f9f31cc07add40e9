// The rules the robustness sweep led to, asserted one by one: NUL characters are 422 on their field, unknown
// body properties are ignored, ids beyond 2^53−1 and over-long strings are 422 on their field, a 422 lists at
// most 100 schema problems, and an impossible instance name is the route-not-found 404.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_REPORTED_SCHEMA_ERRORS } from '../../src/http/errors.js';
import { forEachDialect } from '../support/app.js';
import { createProject } from '../support/projects.js';

forEachDialect('robustness rules', (t) => {
  test('a NUL character in a body string, a query value or a path key is 422 on that field', async () => {
    const c = await t().tenant();
    const body = await c.post('/activities', { name: 'a\u0000b', description: 'ok' });
    assert.equal(body.status, 422);
    assert.deepEqual(body.body.errors, { name: ['The name field must not contain a NUL character.'] });
    const nested = await c.post('/projects', { name: 'P', keywords: ['fine', 'bad\u0000'] });
    assert.deepEqual([nested.status, Object.keys(nested.body.errors)], [422, ['keywords.1']]);
    const query = await c.get('/customers?customer_number=%00');
    assert.deepEqual([query.status, Object.keys(query.body.errors)], [422, ['customer_number']]);
    const path = await c.get('/employees/a%00b');
    assert.deepEqual([path.status, Object.keys(path.body.errors)], [422, ['username']]);
  });

  test('unknown body properties are ignored, at the top and inside nested objects', async () => {
    const c = await t().tenant();
    const created = await c.post('/absence-reasons', { name: 'AR1', no_such_field: 'x', created: 'never' });
    assert.equal(created.status, 201, created.text);
    assert.ok(!('no_such_field' in created.body.data));
    const project = await createProject(c);
    const task = await c.post(`/projects/${project.id}/tasks`, { name: 'T', id: 12345, project_id: 999 });
    assert.equal(task.status, 201, task.text);
    assert.deepEqual([task.body.data.project_id === project.id, task.body.data.id === 12345], [true, false]);
    const list = await c.post('/vehicle-lists', {
      start_date: '2024-01-01',
      vehicles: [{ id: 'CAR1', name: 'Car', wheels: 4 }],
    });
    assert.equal(list.status, 201, list.text);
    assert.ok(!('wheels' in list.body.data.vehicles[0]));
  });

  test('ids beyond 2^53−1 and strings over their maxLength are 422 on the field, not a database error', async () => {
    const c = await t().tenant();
    const project = await c.post('/projects', { name: 'P', department_id: 1e300 });
    assert.deepEqual([project.status, Object.keys(project.body.errors)], [422, ['department_id']]);
    const long = await c.post('/projects', { name: 'P', comments: 'x'.repeat(10_001) });
    assert.deepEqual([long.status, Object.keys(long.body.errors)], [422, ['comments']]);
    const page = await c.get('/projects?page=99999999999999999999');
    assert.deepEqual([page.status, Object.keys(page.body.errors)], [422, ['page']]);
  });

  test(`a 422 from the schema lists at most ${MAX_REPORTED_SCHEMA_ERRORS} problems`, async () => {
    const c = await t().tenant();
    const r = await c.post('/price-tables', { prices: Array(5000).fill(1) });
    assert.equal(r.status, 422);
    assert.ok(Object.keys(r.body.errors).length <= MAX_REPORTED_SCHEMA_ERRORS);
    assert.deepEqual(r.body.errors.prices, ['The prices field must not have more than 500 items.']);
  });

  test('an instance name that cannot exist is the route-not-found 404', async () => {
    const c = await t().tenant();
    const r = await t().inject({
      method: 'GET',
      url: '/a%00b/next/api/v1/projects',
      headers: { authorization: `Bearer ${c.token}` },
    });
    assert.deepEqual(
      [r.status, r.body],
      [404, { message: 'The route a\u0000b/next/api/v1/projects could not be found.' }],
    );
  });
});
