// The one loader of booking facts (src/booking/booking-facts.repository.ts), fed with data made through the API:
// every reference is read inside the tenant, and a subtask named without its ticket brings that ticket.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forTenant } from '../../src/db/tenant-scope.js';
import { employeeFacts, loadRefs, lockFacts, type RefKeys } from '../../src/booking/booking-facts.repository.js';
import { forEachDialect } from '../support/app.js';
import { createActivity, createProject, createTask, createTicket } from '../support/projects.js';
import { createEmployee } from '../support/people.js';

forEachDialect('booking facts loader', (t) => {
  test('the project, task, ticket, subtask, activity, location and vehicle of a booking are read inside the tenant', async () => {
    const c = await t().tenant();
    const other = await t().tenant();
    const e = await createEmployee(c, { approval_date: '2024-01-31' });
    const p = await createProject(c, {
      start_date: '2024-01-01',
      plan_can_exceed: 2,
      plan_hours: 100,
      default_billability: 3,
    });
    const task = await createTask(c, p.id, { start_date: '2024-02-01', end_date: '2024-02-29', plan_hours: 10 });
    const ticket = await createTicket(
      c,
      {
        project_id: p.id,
        project_task_id: task.id,
        start_date: '2024-02-05',
        deadline: '2024-02-10',
        planned_hours: 4,
        prevent_overbooking: 2,
      },
      e.username,
    );
    const subtask = (
      await c.post(`/tickets/${ticket.id}/subtasks`, {
        subject: 's',
        name: 'n',
        status: 1,
        creator_username: e.username,
        deadline: '2024-02-07',
        planned_hours: 1,
      })
    ).body.data;
    await createActivity(c, 're', true);
    await c.post(`/projects/${p.id}/activities`, { name: 're' });
    await c.post('/locations', { id: 'HQ', name: 'Head office' });
    await c.post('/vehicle-lists', { start_date: '2024-01-01', vehicles: [{ id: 'CAR1' }] });
    const keys: RefKeys = {
      employee_id: e.username,
      project_id: p.id,
      project_task_id: task.id,
      activity_id: 're',
      ticket_id: ticket.id,
      subtask_id: subtask.id,
      work_location_id: 'HQ',
      vehicle_id: 'CAR1',
      date: '2024-02-06',
    };

    const refs = await loadRefs(forTenant(t().database.db, c.tenant.id), keys);
    assert.deepEqual(refs.employee, {
      username: e.username,
      approval_date: '2024-01-31',
      department_id: e.department_id,
    });
    assert.deepEqual(refs.project, {
      id: p.id,
      start_date: '2024-01-01',
      end_date: null,
      plan_hours: 100,
      plan_can_exceed: 2,
      default_billability: 3,
      status: p.project_status_id,
      bookable: true,
      booked: 0,
    });
    assert.deepEqual(refs.task, {
      id: task.id,
      project_id: p.id,
      start_date: '2024-02-01',
      end_date: '2024-02-29',
      plan_hours: 10,
      booked: 0,
    });
    assert.deepEqual(refs.ticket, {
      id: ticket.id,
      project_id: p.id,
      start_date: '2024-02-05',
      deadline: '2024-02-10',
      planned_hours: 4,
      prevent_overbooking: 2,
      booked: 0,
    });
    assert.deepEqual(refs.subtask, {
      id: subtask.id,
      ticket_id: ticket.id,
      start_date: null,
      deadline: '2024-02-07',
      planned_hours: 1,
      prevent_overbooking: 0,
      booked: 0,
    });
    assert.deepEqual(
      [refs.activity, refs.projectActivities, refs.locationExists, refs.vehicleExists],
      [{ name: 're', is_travel: true }, ['re'], true, true],
    );
    assert.equal(
      (await loadRefs(forTenant(t().database.db, c.tenant.id), { ...keys, date: '2023-12-31' })).vehicleExists,
      false,
      'no vehicle list before its start',
    );

    const foreign = await loadRefs(forTenant(t().database.db, other.tenant.id), keys);
    assert.deepEqual(
      [
        foreign.employee,
        foreign.project,
        foreign.task,
        foreign.ticket,
        foreign.subtask,
        foreign.activity,
        foreign.projectActivities,
        foreign.locationExists,
        foreign.vehicleExists,
      ],
      [undefined, undefined, undefined, undefined, undefined, undefined, [], false, false],
    );
  });

  test("without a ticket_id the subtask's ticket is the booking's ticket", async () => {
    const c = await t().tenant();
    const e = await createEmployee(c);
    const ticket = await createTicket(c, {}, e.username);
    const subtask = (
      await c.post(`/tickets/${ticket.id}/subtasks`, {
        subject: 's',
        name: 'n',
        status: 1,
        creator_username: e.username,
      })
    ).body.data;
    const refs = await loadRefs(forTenant(t().database.db, c.tenant.id), {
      employee_id: e.username,
      project_id: ticket.project_id,
      project_task_id: ticket.project_task_id,
      activity_id: 'x',
      ticket_id: null,
      subtask_id: subtask.id,
      work_location_id: null,
      vehicle_id: null,
      date: '2024-01-01',
    });
    assert.equal(refs.ticket?.id, ticket.id);
  });

  test('lock facts: the closed months that concern the employee and the approval date', async () => {
    const c = await t().tenant();
    const e = await createEmployee(c, { approval_date: '2024-03-15' });
    const other = await createEmployee(c);
    await c.post('/month-closings', { month: '2024-04' });
    await c.post('/month-closings', { month: '2024-04', employee_id: e.username });
    await c.post('/month-closings', { month: '2024-04', employee_id: other.username });
    const db = forTenant(t().database.db, c.tenant.id);
    const facts = await lockFacts(db, e.username, '2024-04-10');
    assert.deepEqual(facts.closed_months.map((m) => m.employee_id).sort(), [e.username, null].sort());
    assert.equal(facts.approval_date, '2024-03-15');
    assert.equal(await employeeFacts(db, 'nobody'), undefined);
  });
});
