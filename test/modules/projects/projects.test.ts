// POST/GET/PATCH/PUT/DELETE /projects: field shape, enumerations, references checked in the tenant, gating.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { seedCustomer } from '../../support/seed.js';
import { createProject, createTask, projectName } from '../../support/projects.js';

forEachDialect('projects', (t) => {
  test('create answers 201 with every contract field, enumerations as {id, name} and the default status object', async () => {
    const c = await t().tenant();
    const customer = await seedCustomer(t().database.db, c.tenant.id);
    const r = await c.post('/projects', {
      name: 'Website',
      description: 'Relaunch',
      start_date: '2024-01-01',
      end_date: '2024-12-31',
      customer_id: customer.customer_number,
      billing_type: 'hourly',
      plan_can_exceed: 2,
      default_billability: 1,
      receipts_billability: 3,
      plan_hours: 500,
      keywords: ['web', { name: 'cms' }],
    });
    assert.equal(r.status, 201, r.text);
    const p = r.body.data;
    assert.equal(typeof p.id, 'number');
    assert.equal(p.start_date, '2024-01-01T00:00:00.000000Z');
    assert.equal(p.end_date, '2024-12-31T00:00:00.000000Z');
    assert.equal(p.project_status_id, 'aktiv');
    assert.deepEqual(Object.keys(p.status).sort(), [
      'abrechnungsrelevant',
      'bookable',
      'color',
      'description',
      'id',
      'name',
      'order',
    ]);
    assert.equal(p.status.name, 'aktiv');
    assert.equal(p.status.bookable, true);
    assert.equal(typeof p.status.id, 'number');
    assert.equal(typeof p.status.abrechnungsrelevant, 'string');
    assert.deepEqual(p.billing_type, { id: 1, name: 'Hourly rate' });
    assert.deepEqual(p.plan_can_exceed, { id: 2, name: 'No, all times can not exceed the plan hours' });
    assert.deepEqual(p.default_billability, { id: 1, name: 'Billable, user can not change the flag' });
    assert.deepEqual(p.receipts_billability, { id: 3, name: 'No receipt entry possible' });
    assert.equal(p.plan_hours, 500);
    assert.equal(p.plan_wage, null);
    assert.equal(p.customer_id, customer.customer_number);
    assert.deepEqual(p.keywords, [{ name: 'web' }, { name: 'cms' }]);
    assert.deepEqual([p.categories, p.dynamicAttributes], [[], []]);
    for (const k of [
      'categories_count',
      'dynamicAttributes_count',
      'tasks_count',
      'employees_count',
      'activities_count',
    ])
      assert.equal(p[k], 0, k);
    for (const k of [
      'comments',
      'cost_object',
      'cost_object_identifier',
      'reference_order',
      'url',
      'location_country',
      'revenue_account',
      'customer_contact_id',
      'billing_tasks',
      'has_multiple_customers',
    ]) {
      assert.ok(k in p && p[k] === null, k);
    }
    assert.equal(typeof p.department_id, 'number');
    assert.equal('priceTables' in p, false);
    assert.equal('end_customer_number' in p, false);
    assert.match(p.created, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000000Z$/);
  });

  test('billing_type accepts ids, the docs strings and names; unknown values are 422 on billing_type', async () => {
    const c = await t().tenant();
    assert.deepEqual((await createProject(c, { billing_type: 2 })).billing_type, { id: 2, name: 'Daily rate' });
    assert.deepEqual((await createProject(c, { billing_type: 'Pausch' })).billing_type, { id: 3, name: 'Flat rate' });
    const bad = await c.post('/projects', { name: projectName(), billing_type: 'weekly' });
    assert.equal(bad.status, 422);
    assert.deepEqual(Object.keys(bad.body.errors), ['billing_type']);
    const badExceed = await c.post('/projects', { name: projectName(), plan_can_exceed: 5 });
    assert.equal(badExceed.status, 422);
    assert.ok(badExceed.body.errors.plan_can_exceed);
  });

  test('name is required, at most 64 characters and unique; end_date before start_date is 422 on end_date', async () => {
    const c = await t().tenant();
    assert.ok((await c.post('/projects', {})).body.errors.name);
    assert.ok((await c.post('/projects', { name: 'x'.repeat(65) })).body.errors.name);
    await createProject(c, { name: 'Same' });
    const dup = await c.post('/projects', { name: 'Same' });
    assert.equal(dup.status, 422);
    assert.deepEqual(Object.keys(dup.body.errors), ['name']);
    const dates = await c.post('/projects', { name: projectName(), start_date: '2024-05-01', end_date: '2024-04-30' });
    assert.equal(dates.status, 422);
    assert.deepEqual(Object.keys(dates.body.errors), ['end_date']);
    assert.equal((await c.post('/projects', { name: projectName(), start_date: '2024-05-01T10:00:00' })).status, 422);
  });

  test('references are looked up in the tenant: customer, department and status of another tenant are 422', async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    const foreign = await seedCustomer(t().database.db, b.tenant.id);
    const r = await a.post('/projects', {
      name: projectName(),
      customer_id: foreign.customer_number,
      department_id: 999999,
      project_status_id: 'nope',
    });
    assert.equal(r.status, 422);
    assert.deepEqual(Object.keys(r.body.errors).sort(), ['customer_id', 'department_id', 'project_status_id']);
  });

  test("detail answers 404 for unknown ids and for another tenant's project", async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    const p = await createProject(a);
    assert.equal((await a.get(`/projects/${p.id}`)).body.data.name, p.name);
    assert.equal((await a.get('/projects/999999')).status, 404);
    assert.equal((await b.get(`/projects/${p.id}`)).status, 404);
    assert.equal((await b.patch(`/projects/${p.id}`, { name: 'x' })).status, 404);
    assert.equal((await b.delete(`/projects/${p.id}`)).status, 404);
  });

  test('PATCH and PUT change only submitted fields; the status follows project_status_id', async () => {
    const c = await t().tenant();
    const p = await createProject(c, { description: 'keep', plan_hours: 10 });
    const r = await c.patch(`/projects/${p.id}`, { project_status_id: 'abgeschlossen', plan_hours: 12.5 });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.data.description, 'keep');
    assert.equal(r.body.data.plan_hours, 12.5);
    assert.equal(r.body.data.status.name, 'abgeschlossen');
    assert.equal(r.body.data.status.bookable, false);
    const put = await c.put(`/projects/${p.id}`, { description: null });
    assert.equal(put.status, 200);
    assert.equal(put.body.data.description, null);
    assert.equal(put.body.data.plan_hours, 12.5);
  });

  test('a runtime change that leaves a task outside is 422', async () => {
    const c = await t().tenant();
    const p = await createProject(c, { start_date: '2024-01-01' });
    await createTask(c, p.id, { start_date: '2024-03-01', end_date: '2024-03-31' });
    const r = await c.patch(`/projects/${p.id}`, { end_date: '2024-02-28' });
    assert.equal(r.status, 422);
    assert.ok(r.body.errors.end_date);
    assert.equal((await c.patch(`/projects/${p.id}`, { end_date: '2024-03-31' })).status, 200);
  });

  test('end_customer_number is absent without the end_customer module and present with it', async () => {
    const off = await t().tenant();
    const p1 = await createProject(off, { end_customer_number: 'E-1' });
    assert.equal('end_customer_number' in p1, false);
    const on = await t().tenant({ modules: ['end_customer'] });
    assert.equal(
      (await on.post('/customers', { customer_number: 'E-1', name: 'End customer', currency: 'EUR' })).status,
      201,
    );
    const p2 = await createProject(on, { end_customer_number: 'E-1' });
    assert.equal(p2.end_customer_number, 'E-1');
    assert.equal((await on.get(`/projects/${p2.id}`)).body.data.end_customer_number, 'E-1');
    assert.equal((await on.get('/projects')).body.data[0].end_customer_number, 'E-1');
    assert.equal(
      (await on.patch(`/projects/${p2.id}`, { end_customer_number: null })).body.data.end_customer_number,
      null,
    );
  });

  test("end_customer_number names a customer of the tenant: unknown or another tenant's is 422 and stores nothing", async () => {
    const other = await t().tenant({ modules: ['end_customer'] });
    assert.equal(
      (await other.post('/customers', { customer_number: 'END-A', name: 'Theirs', currency: 'EUR' })).status,
      201,
    );
    const c = await t().tenant({ modules: ['end_customer'] });
    const p = await createProject(c, {});
    for (const number of ['END-A', 'nope']) {
      const created = await c.post('/projects', { name: projectName(), end_customer_number: number });
      assert.equal(created.status, 422);
      assert.deepEqual(Object.keys(created.body.errors), ['end_customer_number']);
      const changed = await c.patch(`/projects/${p.id}`, { end_customer_number: number });
      assert.equal(changed.status, 422);
      assert.ok(changed.body.errors.end_customer_number);
    }
    assert.equal((await c.get(`/projects/${p.id}`)).body.data.end_customer_number, null);
    assert.equal((await c.get('/projects')).body.data.length, 1);
  });

  test('categories and dynamic attributes are written and counted; unknown names are 422 on their field', async () => {
    const c = await t().tenant();
    assert.equal((await c.post('/categories', { name: 'Intern', type: 'project' })).status, 201);
    const bad = await c.post('/projects', {
      name: projectName(),
      categories: ['Nope'],
      dynamicAttributes: [{ name: 'nope', value: 1 }],
    });
    assert.equal(bad.status, 422);
    assert.deepEqual(Object.keys(bad.body.errors).sort(), ['categories', 'dynamicAttributes']);
    const p = await createProject(c, { categories: ['Intern'] });
    assert.deepEqual(
      p.categories.map((x: any) => x.name),
      ['Intern'],
    );
    assert.equal(p.categories_count, 1);
  });

  test('DELETE answers 204 and removes the project with its tasks; a second delete is 404', async () => {
    const c = await t().tenant();
    const p = await createProject(c);
    await createTask(c, p.id);
    assert.equal((await c.delete(`/projects/${p.id}`)).status, 204);
    assert.equal((await c.get(`/projects/${p.id}`)).status, 404);
    assert.equal((await c.get(`/projects/${p.id}/tasks`)).status, 404);
    assert.equal((await c.delete(`/projects/${p.id}`)).status, 404);
  });
});
