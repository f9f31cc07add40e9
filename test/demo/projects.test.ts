// src/demo/projects.ts: the demo tenant's projects are visible through the API, and a second run adds nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import { seedCustomer, seedEmployee } from '../support/seed.js';
import { forTenant } from '../../src/db/tenant-scope.js';
import { demoProjects } from '../../src/demo/projects.js';

forEachDialect('demo projects', (t) => {
  test('one bookable, open-ended project per customer with tasks, assignments, activities and a price table', async () => {
    const c = await t().tenant();
    const db = t().database.db;
    const customers = [await seedCustomer(db, c.tenant.id), await seedCustomer(db, c.tenant.id)];
    const employees = [await seedEmployee(db, c.tenant.id), await seedEmployee(db, c.tenant.id)];
    const opts = {
      customerNumbers: customers.map((x) => x.customer_number),
      usernames: employees.map((e) => e.username),
    };
    await demoProjects(forTenant(db, c.tenant.id), c.tenant, opts);
    await demoProjects(forTenant(db, c.tenant.id), c.tenant, opts);
    const list = (await c.get('/projects')).body.data;
    assert.equal(list.length, 2);
    for (const p of list) {
      assert.equal(p.start_date, '2024-01-01T00:00:00.000000Z');
      assert.equal(p.end_date, null);
      assert.equal(p.status.bookable, true);
      assert.deepEqual([p.tasks_count, p.employees_count, p.activities_count], [2, 2, 2]);
    }
    assert.equal((await c.get('/activities/re')).body.data.is_travel, true);
    const tables = (await c.get(`/projects/${list[0].id}/price-tables`)).body.data;
    assert.equal(tables.length, 1);
    assert.deepEqual(
      tables[0].prices.map((p: any) => [p.activity, p.price]),
      [
        ['be', 120],
        ['re', 60],
      ],
    );
  });

  test('the employee given as unassigned is left off the first project only', async () => {
    const c = await t().tenant();
    const db = t().database.db;
    const customers = [await seedCustomer(db, c.tenant.id), await seedCustomer(db, c.tenant.id)];
    const employees = [await seedEmployee(db, c.tenant.id), await seedEmployee(db, c.tenant.id)];
    await demoProjects(forTenant(db, c.tenant.id), c.tenant, {
      customerNumbers: customers.map((x) => x.customer_number),
      usernames: employees.map((e) => e.username),
      unassigned: employees[1]!.username,
    });
    const [first, second] = (await c.get('/projects')).body.data;
    assert.deepEqual([first.employees_count, second.employees_count], [1, 2]);
    assert.deepEqual(
      (await c.get(`/projects/${first.id}/employees`)).body.data.map((a: any) => a.employee_id),
      [employees[0]!.username],
    );
  });
});
