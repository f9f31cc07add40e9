// /projects/{id}/tasks: the 255-character description limit, runtime within the project, parent tasks of the
// same project, 404 on paths of other projects and tenants, delete refusal for child tasks.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { createProject, createTask, ids } from '../../support/projects.js';

forEachDialect('project tasks', (t) => {
  test('create answers 201 with the task shape; billing type defaults to like the project', async () => {
    const c = await t().tenant();
    const p = await createProject(c, { start_date: '2024-01-01', end_date: '2024-12-31' });
    const r = await c.post(`/projects/${p.id}/tasks`, {
      name: 'Design',
      description: 'Mockups',
      status: 'in Arbeit',
      start_date: '2024-02-01',
      end_date: '2024-02-29',
      plan_hours: 40,
    });
    assert.equal(r.status, 201, r.text);
    const task = r.body.data;
    assert.equal(task.project_id, p.id);
    assert.equal(task.parent_id, null);
    assert.equal(task.status, 'in Arbeit');
    assert.equal(task.start_date, '2024-02-01T00:00:00.000000Z');
    assert.deepEqual(task.billing_type, { id: 1, name: 'Like project' });
    assert.equal(task.plan_hours, 40);
    assert.equal((await c.get(`/projects/${p.id}`)).body.data.tasks_count, 1);
    assert.deepEqual(
      (await c.post(`/projects/${p.id}/tasks`, { name: 'X', billing_type: 'daily' })).body.data.billing_type,
      { id: 3, name: 'Daily rate' },
    );
  });

  test('a description over 255 characters is 422 on description, on create and on update; 255 is accepted', async () => {
    const c = await t().tenant();
    const p = await createProject(c);
    const long = await c.post(`/projects/${p.id}/tasks`, { name: 'T', description: 'x'.repeat(256) });
    assert.equal(long.status, 422);
    assert.deepEqual(Object.keys(long.body.errors), ['description']);
    const task = await createTask(c, p.id, { description: 'x'.repeat(255) });
    assert.equal(task.description.length, 255);
    for (const method of ['patch', 'put'] as const) {
      const r = await c[method](`/projects/${p.id}/tasks/${task.id}`, { description: 'y'.repeat(256) });
      assert.equal(r.status, 422);
      assert.deepEqual(Object.keys(r.body.errors), ['description']);
    }
  });

  test('name is required and at most 64 characters', async () => {
    const c = await t().tenant();
    const p = await createProject(c);
    assert.ok((await c.post(`/projects/${p.id}/tasks`, {})).body.errors.name);
    assert.ok((await c.post(`/projects/${p.id}/tasks`, { name: 'x'.repeat(65) })).body.errors.name);
  });

  test('the runtime must lie within the project and end on or after its start', async () => {
    const c = await t().tenant();
    const p = await createProject(c, { start_date: '2024-01-01', end_date: '2024-06-30' });
    const early = await c.post(`/projects/${p.id}/tasks`, { name: 'T', start_date: '2023-12-31' });
    assert.deepEqual(Object.keys(early.body.errors), ['start_date']);
    const late = await c.post(`/projects/${p.id}/tasks`, { name: 'T', end_date: '2024-07-01' });
    assert.deepEqual(Object.keys(late.body.errors), ['end_date']);
    const reversed = await c.post(`/projects/${p.id}/tasks`, {
      name: 'T',
      start_date: '2024-03-01',
      end_date: '2024-02-01',
    });
    assert.deepEqual(Object.keys(reversed.body.errors), ['end_date']);
    const task = await createTask(c, p.id, { start_date: '2024-03-01' });
    const patched = await c.patch(`/projects/${p.id}/tasks/${task.id}`, { end_date: '2024-02-15' });
    assert.deepEqual(Object.keys(patched.body.errors), ['end_date']);
  });

  test("parent_id must be a task of the same project (another project's task is 422) and cannot create a cycle", async () => {
    const c = await t().tenant();
    const p = await createProject(c);
    const other = await createProject(c);
    const foreign = await createTask(c, other.id);
    const r = await c.post(`/projects/${p.id}/tasks`, { name: 'T', parent_id: foreign.id });
    assert.equal(r.status, 422);
    assert.deepEqual(Object.keys(r.body.errors), ['parent_id']);
    const parent = await createTask(c, p.id);
    const child = await createTask(c, p.id, { parent_id: parent.id });
    assert.equal(child.parent_id, parent.id);
    const cycle = await c.patch(`/projects/${p.id}/tasks/${parent.id}`, { parent_id: child.id });
    assert.equal(cycle.status, 422);
    assert.ok(cycle.body.errors.parent_id);
    assert.deepEqual(ids((await c.get(`/projects/${p.id}/tasks?parent_id=${parent.id}`)).body), [child.id]);
  });

  test('a task of another project or tenant is 404 on the path', async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    const p = await createProject(a);
    const other = await createProject(a);
    const task = await createTask(a, p.id);
    assert.equal((await a.get(`/projects/${p.id}/tasks/${task.id}`)).status, 200);
    assert.equal((await a.get(`/projects/${other.id}/tasks/${task.id}`)).status, 404);
    assert.equal((await a.patch(`/projects/${other.id}/tasks/${task.id}`, { name: 'x' })).status, 404);
    assert.equal((await b.get(`/projects/${p.id}/tasks/${task.id}`)).status, 404);
    assert.equal((await b.get(`/projects/${p.id}/tasks`)).status, 404);
  });

  test('list is paginated in id order; PATCH changes only submitted fields', async () => {
    const c = await t().tenant();
    const p = await createProject(c);
    const t1 = await createTask(c, p.id, { description: 'keep' });
    const t2 = await createTask(c, p.id);
    const list = await c.get(`/projects/${p.id}/tasks`);
    assert.deepEqual(ids(list.body), [t1.id, t2.id]);
    assert.equal(list.body.meta.total, 2);
    const r = await c.patch(`/projects/${p.id}/tasks/${t1.id}`, { name: 'Renamed' });
    assert.equal(r.body.data.name, 'Renamed');
    assert.equal(r.body.data.description, 'keep');
  });

  test('delete answers 204; a task with child tasks is refused with 422', async () => {
    const c = await t().tenant();
    const p = await createProject(c);
    const parent = await createTask(c, p.id);
    const child = await createTask(c, p.id, { parent_id: parent.id });
    const refused = await c.delete(`/projects/${p.id}/tasks/${parent.id}`);
    assert.equal(refused.status, 422);
    assert.ok(refused.body.errors.task_id);
    assert.equal((await c.delete(`/projects/${p.id}/tasks/${child.id}`)).status, 204);
    assert.equal((await c.delete(`/projects/${p.id}/tasks/${parent.id}`)).status, 204);
    assert.equal((await c.get(`/projects/${p.id}/tasks/${parent.id}`)).status, 404);
  });
});
