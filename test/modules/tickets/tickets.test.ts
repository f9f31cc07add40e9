// /tickets: shape per docs/api/projects.md, references (project, task of that project, usernames), runtime,
// status timestamps, filters, delete with subtasks, and the project delete refusal while tickets exist.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { seedEmployee } from '../../support/seed.js';
import { createProject, createTask, createTicket, ids } from '../../support/projects.js';

forEachDialect('tickets', (t) => {
  test('create answers 201 with the read shape: status object, integer task id, runtime and planned hours', async () => {
    const c = await t().tenant();
    const e = await seedEmployee(t().database.db, c.tenant.id);
    const p = await createProject(c);
    const task = await createTask(c, p.id);
    const r = await c.post('/tickets', {
      subject: 'Login broken',
      status: 1,
      priority: 2,
      project_id: p.id,
      project_task_id: String(task.id),
      creator_username: e.username,
      start_date: '2024-11-01',
      deadline: '2024-11-30',
      planned_hours: 8.5,
      prevent_overbooking: 2,
      keywords: 'auth, login',
    });
    assert.equal(r.status, 201, r.text);
    const ticket = r.body.data;
    assert.deepEqual(ticket.status, { id: 1, name: 'New' });
    assert.equal(ticket.project_task_id, task.id);
    assert.equal(ticket.project_id, p.id);
    assert.equal(ticket.start_date, '2024-11-01T00:00:00.000000Z');
    assert.equal(ticket.deadline, '2024-11-30T00:00:00.000000Z');
    assert.equal(ticket.planned_hours, 8.5);
    assert.equal(ticket.prevent_overbooking, 2);
    assert.deepEqual(ticket.keywords, ['auth', 'login']);
    assert.equal(ticket.creator_username, e.username);
    assert.equal(ticket.history_creator_username, e.username);
    assert.equal(ticket.processor_username, null);
    assert.deepEqual(ticket.categories, []);
    assert.match(ticket.date, /T\d{2}:\d{2}:\d{2}\.000000Z$/);
  });

  test('required fields, status ids 1-5 and 8, priority 1..5 and prevent_overbooking 0..4 are validated', async () => {
    const c = await t().tenant();
    const r = await c.post('/tickets', {});
    assert.equal(r.status, 422);
    for (const f of ['subject', 'status', 'priority', 'project_id', 'project_task_id']) assert.ok(r.body.errors[f], f);
    const e = await seedEmployee(t().database.db, c.tenant.id);
    for (const [field, value] of [
      ['status', 6],
      ['priority', 6],
      ['prevent_overbooking', 5],
    ] as const) {
      const bad = await c.post('/tickets', {
        subject: 's',
        status: 1,
        priority: 1,
        project_id: 1,
        project_task_id: 1,
        creator_username: e.username,
        [field]: value,
      });
      assert.ok(bad.body.errors[field], field);
    }
    const ticket = await createTicket(c, { status: 8 }, e.username);
    assert.deepEqual(ticket.status, { id: 8, name: 'Billed' });
  });

  test('a task of another project is 422 on project_task_id; unknown projects and usernames are 422', async () => {
    const c = await t().tenant();
    const e = await seedEmployee(t().database.db, c.tenant.id);
    const p = await createProject(c);
    const other = await createProject(c);
    const foreignTask = await createTask(c, other.id);
    const base = { subject: 's', status: 1, priority: 1, creator_username: e.username };
    const wrongTask = await c.post('/tickets', { ...base, project_id: p.id, project_task_id: foreignTask.id });
    assert.deepEqual(Object.keys(wrongTask.body.errors), ['project_task_id']);
    const wrongProject = await c.post('/tickets', { ...base, project_id: 999999, project_task_id: foreignTask.id });
    assert.deepEqual(Object.keys(wrongProject.body.errors), ['project_id']);
    const users = await c.post('/tickets', {
      ...base,
      creator_username: 'ghost',
      processor_username: 'ghost2',
      project_id: other.id,
      project_task_id: foreignTask.id,
    });
    assert.deepEqual(Object.keys(users.body.errors).sort(), ['creator_username', 'processor_username']);
    const noCreator = await c.post('/tickets', {
      ...base,
      creator_username: undefined,
      project_id: other.id,
      project_task_id: foreignTask.id,
    });
    assert.deepEqual(Object.keys(noCreator.body.errors), ['creator_username']);
    const ticket = await createTicket(c, {}, e.username);
    const moved = await c.patch(`/tickets/${ticket.id}`, { project_id: other.id });
    assert.deepEqual(Object.keys(moved.body.errors), ['project_task_id']);
  });

  test('deadline before start_date is 422 on deadline, also when only one side changes', async () => {
    const c = await t().tenant();
    const e = await seedEmployee(t().database.db, c.tenant.id);
    const ticket = await createTicket(c, { start_date: '2024-05-10' }, e.username);
    const r = await c.patch(`/tickets/${ticket.id}`, { deadline: '2024-05-09' });
    assert.equal(r.status, 422);
    assert.deepEqual(Object.keys(r.body.errors), ['deadline']);
  });

  test('PATCH/PUT change only submitted fields; a status change stamps its date once', async () => {
    const c = await t().tenant();
    const e = await seedEmployee(t().database.db, c.tenant.id);
    const ticket = await createTicket(c, { planned_hours: 3 }, e.username);
    assert.equal(ticket.processing_date, null);
    const r = await c.patch(`/tickets/${ticket.id}`, { status: 2, processor_username: e.username });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body.data.status, { id: 2, name: 'In process' });
    assert.match(r.body.data.processing_date, /Z$/);
    assert.equal(r.body.data.planned_hours, 3);
    assert.match(r.body.data.history_modified, /Z$/);
    const done = await c.put(`/tickets/${ticket.id}`, { status: 3 });
    assert.match(done.body.data.done_date, /Z$/);
    assert.equal(done.body.data.processor_username, e.username);
  });

  test('list filters: project_id and the runtime range (open ends count as open); 404 across tenants', async () => {
    const c = await t().tenant();
    const e = await seedEmployee(t().database.db, c.tenant.id);
    const a = await createTicket(c, { start_date: '2024-01-01', deadline: '2024-01-31' }, e.username);
    const b = await createTicket(c, { start_date: '2024-03-01' }, e.username);
    const open = await createTicket(c, {}, e.username);
    assert.deepEqual(ids((await c.get(`/tickets?project_id=${b.project_id}`)).body), [b.id]);
    assert.deepEqual(ids((await c.get('/tickets?start_date=2024-02-01&end_date=2024-02-28')).body), [open.id]);
    assert.deepEqual(ids((await c.get('/tickets?start_date=2024-01-15&end_date=2024-03-01')).body), [
      a.id,
      b.id,
      open.id,
    ]);
    assert.deepEqual(ids((await c.get('/tickets?end_date=2023-12-31')).body), [open.id]);
    const other = await t().tenant();
    assert.equal((await other.get(`/tickets/${a.id}`)).status, 404);
    assert.deepEqual(ids((await other.get('/tickets')).body), []);
  });

  test('DELETE removes the ticket with its subtasks (204); the project cannot be deleted while it has tickets', async () => {
    const c = await t().tenant();
    const e = await seedEmployee(t().database.db, c.tenant.id);
    const ticket = await createTicket(c, {}, e.username);
    await c.post(`/tickets/${ticket.id}/subtasks`, {
      subject: 's',
      name: 'n',
      status: 1,
      creator_username: e.username,
    });
    const refused = await c.delete(`/projects/${ticket.project_id}`);
    assert.equal(refused.status, 422);
    assert.ok(refused.body.errors.id[0].includes('tickets'));
    const taskRefused = await c.delete(`/projects/${ticket.project_id}/tasks/${ticket.project_task_id}`);
    assert.equal(taskRefused.status, 422);
    assert.equal((await c.delete(`/tickets/${ticket.id}`)).status, 204);
    assert.equal((await c.get(`/tickets/${ticket.id}`)).status, 404);
    assert.equal((await c.delete(`/projects/${ticket.project_id}`)).status, 204);
  });
});
