// /tickets/{id}/subtasks: shape (runtime as dates, planned hours), validation, 404 across tickets and tenants.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { seedEmployee } from '../../support/seed.js';
import { createTicket, ids } from '../../support/projects.js';

forEachDialect('ticket subtasks', (t) => {
  async function setup() {
    const c = await t().tenant();
    const e = await seedEmployee(t().database.db, c.tenant.id);
    const ticket = await createTicket(c, {}, e.username);
    return { c, e, ticket };
  }

  test('create answers 201: name, subject, status object, start_date/deadline as dates, planned hours', async () => {
    const { c, e, ticket } = await setup();
    await c.post('/categories', { name: 'Performance', type: 'subtask' });
    const r = await c.post(`/tickets/${ticket.id}/subtasks`, {
      subject: 'Profile',
      name: 'Profiling',
      status: 2,
      creator_username: e.username,
      start_date: '2024-11-20',
      deadline: '2024-11-30',
      planned_hours: 15,
      prevent_overbooking: 4,
      categories: ['Performance'],
      keywords: ['perf'],
    });
    assert.equal(r.status, 201, r.text);
    const s = r.body.data;
    assert.equal(s.ticket_id, ticket.id);
    assert.deepEqual(s.status, { id: 2, name: 'In process' });
    assert.equal(s.start_date, '2024-11-20');
    assert.equal(s.deadline, '2024-11-30');
    assert.equal(s.planned_hours, 15);
    assert.equal(s.prevent_overbooking, 4);
    assert.deepEqual(
      s.categories.map((x: any) => x.name),
      ['Performance'],
    );
    assert.deepEqual(s.keywords, ['perf']);
    assert.match(s.processing_date, /Z$/);
  });

  test('required fields, unknown categories and a deadline before the start are 422', async () => {
    const { c, e, ticket } = await setup();
    const r = await c.post(`/tickets/${ticket.id}/subtasks`, {});
    for (const f of ['subject', 'name', 'status']) assert.ok(r.body.errors[f], f);
    const bad = await c.post(`/tickets/${ticket.id}/subtasks`, {
      subject: 's',
      name: 'n',
      status: 1,
      creator_username: e.username,
      categories: ['nope'],
      start_date: '2024-02-01',
      deadline: '2024-01-01',
    });
    assert.deepEqual(Object.keys(bad.body.errors).sort(), ['categories', 'deadline']);
    assert.ok(
      (
        await c.post(`/tickets/${ticket.id}/subtasks`, {
          subject: 'x'.repeat(256),
          name: 'n',
          status: 1,
          creator_username: e.username,
        })
      ).body.errors.subject,
    );
  });

  test('list, detail, PATCH/PUT and DELETE; a subtask of another ticket or tenant is 404', async () => {
    const { c, e, ticket } = await setup();
    const other = await createTicket(c, {}, e.username);
    const body = { subject: 's', status: 1, creator_username: e.username };
    const s1 = (await c.post(`/tickets/${ticket.id}/subtasks`, { ...body, name: 'one', planned_hours: 2 })).body.data;
    const s2 = (await c.post(`/tickets/${ticket.id}/subtasks`, { ...body, name: 'two' })).body.data;
    assert.deepEqual(ids((await c.get(`/tickets/${ticket.id}/subtasks`)).body), [s1.id, s2.id]);
    assert.deepEqual(ids((await c.get(`/tickets/${other.id}/subtasks`)).body), []);
    const p = await c.patch(`/tickets/${ticket.id}/subtasks/${s1.id}`, { name: 'uno' });
    assert.equal(p.body.data.name, 'uno');
    assert.equal(p.body.data.planned_hours, 2);
    assert.equal(
      (await c.put(`/tickets/${ticket.id}/subtasks/${s1.id}`, { planned_hours: null })).body.data.planned_hours,
      null,
    );
    assert.equal((await c.get(`/tickets/${other.id}/subtasks/${s1.id}`)).status, 404);
    const b = await t().tenant();
    assert.equal((await b.get(`/tickets/${ticket.id}/subtasks/${s1.id}`)).status, 404);
    assert.equal((await b.get(`/tickets/${ticket.id}/subtasks`)).status, 404);
    assert.equal((await c.delete(`/tickets/${ticket.id}/subtasks/${s1.id}`)).status, 204);
    assert.equal((await c.get(`/tickets/${ticket.id}/subtasks/${s1.id}`)).status, 404);
  });
});
