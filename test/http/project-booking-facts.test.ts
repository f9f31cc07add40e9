// The small repository functions the booking engine uses, fed with data created through the HTTP API.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import { seedEmployee } from '../support/seed.js';
import { createActivity, createProject, createTask, createTicket } from '../support/projects.js';
import {
  assignmentForBooking,
  projectActivityAllowed,
  projectForBooking,
  subtaskForBooking,
  taskForBooking,
  ticketForBooking,
} from '../../src/modules/projects/booking-facts.repository.js';

forEachDialect('booking facts', (t) => {
  test('project, task, ticket, subtask, activity and assignment facts are tenant-scoped', async () => {
    const c = await t().tenant();
    const other = await t().tenant();
    const db = t().database.db;
    const e = await seedEmployee(db, c.tenant.id);
    const p = await createProject(c, { start_date: '2024-01-01', plan_can_exceed: 2, plan_hours: 100, default_billability: 3 });
    const parent = await createTask(c, p.id, { start_date: '2024-02-01', end_date: '2024-02-29', plan_hours: 10 });
    await createTask(c, p.id, { parent_id: parent.id });
    const ticket = await createTicket(c, { project_id: p.id, project_task_id: parent.id, start_date: '2024-02-05', deadline: '2024-02-10', planned_hours: 4, prevent_overbooking: 2 }, e.username);
    const subtask = (await c.post(`/tickets/${ticket.id}/subtasks`, { subject: 's', name: 'n', status: 1, creator_username: e.username, deadline: '2024-02-07', planned_hours: 1 })).body.data;
    await createActivity(c, 're', true);
    await c.post(`/projects/${p.id}/activities`, { name: 're', default_factor: 0.5 });
    await c.post(`/projects/${p.id}/employees`, { employee_id: e.username, from: '2024-01-01', to: '2024-06-30' });

    assert.deepEqual(await projectForBooking(db, c.tenant.id, p.id), {
      id: p.id, customer_id: null, start_date: '2024-01-01', end_date: null, status: 'aktiv', bookable: true, plan_can_exceed: 2, plan_hours: 100, default_billability: 3,
    });
    assert.equal(await projectForBooking(db, other.tenant.id, p.id), undefined);
    const task = await taskForBooking(db, c.tenant.id, parent.id);
    assert.deepEqual([task?.project_id, task?.start_date, task?.end_date, task?.has_children, task?.plan_hours], [p.id, '2024-02-01', '2024-02-29', true, 10]);
    assert.deepEqual(await ticketForBooking(db, c.tenant.id, ticket.id), {
      id: ticket.id, project_id: p.id, project_task_id: parent.id, status: 1, start_date: '2024-02-05', end_date: '2024-02-10', planned_hours: 4, prevent_overbooking: 2,
    });
    assert.deepEqual(await subtaskForBooking(db, c.tenant.id, subtask.id), {
      id: subtask.id, ticket_id: ticket.id, status: 1, start_date: null, end_date: '2024-02-07', planned_hours: 1, prevent_overbooking: 0,
    });
    assert.deepEqual(await projectActivityAllowed(db, c.tenant.id, p.id, 're'), { default_factor: 0.5, is_travel: true });
    assert.equal(await projectActivityAllowed(db, c.tenant.id, p.id, 'be'), undefined);
    assert.equal((await assignmentForBooking(db, c.tenant.id, p.id, e.username, '2024-03-01'))?.from, '2024-01-01');
    assert.equal(await assignmentForBooking(db, c.tenant.id, p.id, e.username, '2024-07-01'), undefined);
  });
});
