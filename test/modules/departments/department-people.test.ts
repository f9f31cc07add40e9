// Departments and people (docs/api/people.md): manager_count on list items, manager[] on the detail, writing the
// managers, 422 for unknown managers, delete refused while employees belong to the department.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { createEmployee } from '../../support/people.js';

forEachDialect('department managers', (t) => {
  test('managers are written by username and shown as manager[] on the detail, counted on the list', async () => {
    const c = await t().tenant();
    await createEmployee(c, {
      username: 'boss.one',
      firstname: 'Bo',
      lastname: 'One',
      personal_number: '7',
      email: 'b1@example.com',
    });
    await createEmployee(c, { username: "o'boss", firstname: 'Ob', lastname: 'Two' });
    const created = await c.post('/departments', { name: 'Sales', manager: ['boss.one', "o'boss"] });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(
      created.body.data.manager,
      [
        { username: "o'boss", firstname: 'Ob', lastname: 'Two', personal_number: null, email: null },
        { username: 'boss.one', firstname: 'Bo', lastname: 'One', personal_number: '7', email: 'b1@example.com' },
      ].sort((a, b) => (a.username < b.username ? -1 : 1)),
    );
    const list = await c.get('/departments');
    const sales = list.body.data.find((d: any) => d.name === 'Sales');
    assert.equal(sales.manager_count, 2);
    assert.ok(!('manager' in sales));
    const detail = await c.get(`/departments/${created.body.data.id}`);
    assert.ok(!('manager_count' in detail.body.data));
    assert.equal(detail.body.data.manager.length, 2);
  });

  test('PATCH replaces the managers; GET-merge-PUT with manager objects keeps them; unknown is 422 on manager', async () => {
    const c = await t().tenant();
    await createEmployee(c, { username: 'm.a' });
    await createEmployee(c, { username: 'm.b' });
    const d = (await c.post('/departments', { name: 'Ops', manager: ['m.a'] })).body.data;
    const p = await c.patch(`/departments/${d.id}`, { manager: ['m.b'] });
    assert.deepEqual(
      p.body.data.manager.map((m: any) => m.username),
      ['m.b'],
    );
    const read = (await c.get(`/departments/${d.id}`)).body.data;
    const put = await c.put(`/departments/${d.id}`, { ...read, description: 'merged' });
    assert.equal(put.status, 200, put.text);
    assert.equal(put.body.data.description, 'merged');
    assert.deepEqual(
      put.body.data.manager.map((m: any) => m.username),
      ['m.b'],
    );
    const bad = await c.patch(`/departments/${d.id}`, { manager: ['ghost'] });
    assert.equal(bad.status, 422);
    assert.deepEqual(Object.keys(bad.body.errors), ['manager']);
  });

  test('a department with employees cannot be deleted (422), an empty one can', async () => {
    const c = await t().tenant();
    const d = (await c.post('/departments', { name: 'Busy' })).body.data;
    await createEmployee(c, { department_id: d.id });
    const r = await c.delete(`/departments/${d.id}`);
    assert.equal(r.status, 422);
    assert.ok(r.body.errors.id);
    const empty = (await c.post('/departments', { name: 'Empty' })).body.data;
    assert.equal((await c.delete(`/departments/${empty.id}`)).status, 204);
  });
});
