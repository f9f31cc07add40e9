// Keys are trimmed (only spaces is 422), unique regardless of case on both databases (also under
// concurrent requests), and name filters match regardless of case.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import { createEmployee } from '../support/people.js';

forEachDialect('keys and names', (t) => {
  test('customer numbers, usernames and article numbers are trimmed; a key of only spaces is 422', async () => {
    const c = await t().tenant();
    const customer = await c.post('/customers', { customer_number: '  K-9  ', name: ' Trimmed ', currency: 'EUR' });
    assert.equal(customer.status, 201, customer.text);
    assert.deepEqual([customer.body.data.customer_number, customer.body.data.name], ['K-9', 'Trimmed']);
    assert.equal((await c.get('/customers/K-9')).status, 200);
    const employee = await c.post('/employees', { username: ' ada.l ', firstname: 'Ada', lastname: 'L' });
    assert.equal(employee.status, 201, employee.text);
    assert.equal(employee.body.data.username, 'ada.l');
    const article = await c.post('/articles', { article_number: ' A-1 ', name: 'Widget' });
    assert.equal(article.status, 201, article.text);
    assert.equal(article.body.data.article_number, 'A-1');
    for (const [path, body, field] of [
      ['/customers', { customer_number: '   ', name: 'x', currency: 'EUR' }, 'customer_number'],
      ['/employees', { username: '   ', firstname: 'x', lastname: 'y' }, 'username'],
      ['/articles', { article_number: '   ', name: 'x' }, 'article_number'],
    ] as const) {
      const r = await c.post(path, body);
      assert.equal(r.status, 422, `${path}: ${r.text}`);
      assert.ok(r.body.errors[field], r.text);
    }
  });

  test('uniqueness of keys ignores case', async () => {
    const c = await t().tenant();
    assert.equal((await c.post('/customers', { customer_number: 'K-1', name: 'a', currency: 'EUR' })).status, 201);
    const dup = await c.post('/customers', { customer_number: 'k-1', name: 'b', currency: 'EUR' });
    assert.deepEqual([dup.status, Object.keys(dup.body.errors)], [422, ['customer_number']]);
    const e = await createEmployee(c, { username: 'Max.M' });
    const user = await c.post('/employees', { username: 'max.m', firstname: 'x', lastname: 'y' });
    assert.deepEqual([user.status, Object.keys(user.body.errors)], [422, ['username']]);
    assert.equal((await c.post('/activities', { name: 'Dev' })).status, 201);
    assert.equal((await c.post('/activities', { name: 'DEV' })).status, 422);
    assert.equal((await c.post('/articles', { article_number: 'a-7', name: 'x' })).status, 201);
    assert.equal((await c.post('/articles', { article_number: 'A-7', name: 'y' })).status, 422);
    // Renaming a record to its own key in another case is fine.
    const renamed = await c.patch(`/employees/${e.username}`, { firstname: 'Renamed' });
    assert.equal(renamed.status, 200, renamed.text);
  });

  test('concurrent creates of one key in two cases: exactly one wins', async () => {
    const c = await t().tenant();
    const results = await Promise.all(
      ['Z-1', 'z-1', 'Z-1 ', 'z-1'].map((n, i) =>
        c.post('/customers', { customer_number: n, name: `c${i}`, currency: 'EUR' }),
      ),
    );
    assert.equal(results.filter((r) => r.status === 201).length, 1, results.map((r) => r.status).join());
    for (const r of results) assert.ok(r.status === 201 || r.status === 422, r.text);
    assert.equal((await c.get('/customers?limit=200')).body.data.length, 1);
  });

  test('name filters match regardless of case: projects and tasks by name, absence reasons by external_id', async () => {
    const c = await t().tenant();
    const p = await c.post('/projects', { name: 'Website Relaunch' });
    assert.equal(p.status, 201, p.text);
    await c.post('/projects', { name: 'Other' });
    assert.deepEqual(
      (await c.get('/projects?name=website%20relaunch')).body.data.map((x: any) => x.id),
      [p.body.data.id],
    );
    const task = await c.post(`/projects/${p.body.data.id}/tasks`, { name: 'Design' });
    assert.equal(task.status, 201, task.text);
    assert.deepEqual(
      (await c.get(`/projects/${p.body.data.id}/tasks?name=DESIGN`)).body.data.map((x: any) => x.id),
      [task.body.data.id],
    );
    const reason = await c.post('/absence-reasons', {
      name: 'UL',
      external_id: 'Vacation-1',
      color: '#00ff00',
      type: 0,
    });
    assert.equal(reason.status, 201, reason.text);
    assert.deepEqual(
      (await c.get('/absence-reasons?external_id=VACATION-1')).body.data.map((x: any) => x.name),
      ['UL'],
    );
  });
});
