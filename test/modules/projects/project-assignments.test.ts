// /projects/{id}/employees (own order, writes with from/to) and /employees/{username}/projects (filters per
// docs/api/projects.md).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { seedEmployee, seedPriceGroup } from '../../support/seed.js';
import { createProject, ids } from '../../support/projects.js';

forEachDialect('project assignments', (t) => {
  test("assigning an employee answers 201 with the reference item shape; the price group defaults to the employee's", async () => {
    const c = await t().tenant();
    const db = t().database.db;
    const group = await seedPriceGroup(db, c.tenant.id);
    const e = await seedEmployee(db, c.tenant.id, { price_group: group });
    const p = await createProject(c);
    const r = await c.post(`/projects/${p.id}/employees`, {
      employee_id: e.username,
      from: '2024-01-01',
      availability: 80,
      type: '1',
      rate_type: 0,
    });
    assert.equal(r.status, 201, r.text);
    const a = r.body.data;
    assert.equal(a.employee_id, e.username);
    assert.equal(a.project_id, p.id);
    assert.equal(a.from, '2024-01-01T00:00:00.000000Z');
    assert.equal(a.to, null);
    assert.equal(a.availability, 80);
    assert.deepEqual(a.type, { id: '1', name: 'Project manager with budget responsibility' });
    assert.deepEqual(a.rate_type, { id: 0, name: 'none' });
    assert.equal(a.priceGroup.name, group);
    assert.equal(a.priceGroup.status, true);
    assert.equal((await c.get(`/projects/${p.id}`)).body.data.employees_count, 1);
  });

  test('unknown employees and price groups are 422; to before from is 422 on to; overlapping periods are 422', async () => {
    const c = await t().tenant();
    const other = await t().tenant();
    const foreign = await seedEmployee(t().database.db, other.tenant.id);
    const e = await seedEmployee(t().database.db, c.tenant.id);
    const p = await createProject(c);
    const r = await c.post(`/projects/${p.id}/employees`, { employee_id: foreign.username });
    assert.deepEqual(Object.keys(r.body.errors), ['employee_id']);
    assert.deepEqual(
      Object.keys(
        (await c.post(`/projects/${p.id}/employees`, { employee_id: e.username, price_group: 'nope' })).body.errors,
      ),
      ['price_group'],
    );
    assert.deepEqual(
      Object.keys(
        (await c.post(`/projects/${p.id}/employees`, { employee_id: e.username, from: '2024-02-01', to: '2024-01-01' }))
          .body.errors,
      ),
      ['to'],
    );
    assert.equal(
      (await c.post(`/projects/${p.id}/employees`, { employee_id: e.username, from: '2024-01-01', to: '2024-01-31' }))
        .status,
      201,
    );
    assert.deepEqual(
      Object.keys(
        (await c.post(`/projects/${p.id}/employees`, { employee_id: e.username, from: '2024-01-31' })).body.errors,
      ),
      ['from'],
    );
    assert.equal(
      (await c.post(`/projects/${p.id}/employees`, { employee_id: e.username, from: '2024-02-01' })).status,
      201,
    );
  });

  test('the project employee list keeps assignment order whatever orderBy asks', async () => {
    const c = await t().tenant();
    const db = t().database.db;
    const p = await createProject(c);
    const z = await seedEmployee(db, c.tenant.id, { username: 'zz' });
    const a = await seedEmployee(db, c.tenant.id, { username: 'aa' });
    const first = (await c.post(`/projects/${p.id}/employees`, { employee_id: z.username })).body.data;
    const second = (await c.post(`/projects/${p.id}/employees`, { employee_id: a.username })).body.data;
    const r = await c.get(`/projects/${p.id}/employees?orderBy=employee_id&order=desc`);
    assert.deepEqual(ids(r.body), [first.id, second.id]);
    assert.equal(r.body.meta.total, 2);
  });

  test("PATCH, PUT and DELETE of an assignment; another project's assignment is 404", async () => {
    const c = await t().tenant();
    const e = await seedEmployee(t().database.db, c.tenant.id);
    const p = await createProject(c);
    const other = await createProject(c);
    const a = (await c.post(`/projects/${p.id}/employees`, { employee_id: e.username, note: 'keep' })).body.data;
    const r = await c.patch(`/projects/${p.id}/employees/${a.id}`, { to: '2024-12-31' });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.data.to, '2024-12-31T00:00:00.000000Z');
    assert.equal(r.body.data.note, 'keep');
    assert.equal((await c.put(`/projects/${p.id}/employees/${a.id}`, { note: null })).body.data.note, null);
    assert.equal((await c.get(`/projects/${other.id}/employees/${a.id}`)).status, 404);
    assert.equal((await c.delete(`/projects/${p.id}/employees/${a.id}`)).status, 204);
    assert.equal((await c.get(`/projects/${p.id}/employees/${a.id}`)).status, 404);
  });

  test('employee projects filter by project status (string or array) and project start/end; end before start is 422', async () => {
    const c = await t().tenant();
    const e = await seedEmployee(t().database.db, c.tenant.id);
    await c.post('/project-statuses', { name: 'gesperrt', bookable: false });
    const p1 = await createProject(c, { start_date: '2024-01-01', end_date: '2024-06-30' });
    const p2 = await createProject(c, { start_date: '2024-03-01', project_status_id: 'gesperrt' });
    const p3 = await createProject(c, {
      start_date: '2023-01-01',
      end_date: '2023-12-31',
      project_status_id: 'abgeschlossen',
    });
    const assignments: Record<number, number> = {};
    for (const p of [p1, p2, p3])
      assignments[p.id] = (await c.post(`/projects/${p.id}/employees`, { employee_id: e.username })).body.data.id;
    const get = async (q: string) =>
      (await c.get(`/employees/${e.username}/projects${q}`)).body.data.map((a: any) => a.project_id);
    assert.deepEqual(await get(''), [p1.id, p2.id, p3.id]);
    assert.deepEqual(await get('?project_status=gesperrt'), [p2.id]);
    assert.deepEqual(await get('?project_status[]=aktiv&project_status[]=abgeschlossen'), [p1.id, p3.id]);
    assert.deepEqual(await get('?project_start_date=2024-01-01'), [p1.id, p2.id]);
    assert.deepEqual(await get('?project_end_date=2024-06-30'), [p1.id, p3.id]);
    assert.deepEqual(await get('?project_start_date=2024-01-01&project_end_date=2024-06-30'), [p1.id]);
    const bad = await c.get(
      `/employees/${e.username}/projects?project_start_date=2024-02-01&project_end_date=2024-01-01`,
    );
    assert.equal(bad.status, 422);
    assert.deepEqual(Object.keys(bad.body.errors), ['project_end_date']);
    assert.equal((await c.get('/employees/nobody/projects')).status, 404);
  });
});
