// Each booking rule wired in through HTTP: 422 with errors per field and violations with stable rule codes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { createInvoice } from '../../support/commercial.js';
import { addHoliday, bookingWorld } from '../../support/booking-world.js';
import { addDays, today } from '../../../src/values/formats.js';

const rules = (r: { body: any }) => (r.body.violations ?? []).map((v: any) => v.rule).sort();

forEachDialect('attendances: booking rules', (t) => {
  test('closed month for the tenant or the employee refuses create, change and delete; reopening allows them', async () => {
    const w = await bookingWorld(t());
    const a = (await w.book()).body.data;
    const closing = (await w.c.post('/month-closings', { month: '2026-03', employee_id: w.employee })).body.data;
    assert.deepEqual(rules(await w.book({ date: '2026-03-11' })), ['closed_month']);
    assert.deepEqual(rules(await w.c.patch(`/attendances/${a.id}`, { date: '2026-04-07' })), ['closed_month']);
    assert.deepEqual(rules(await w.c.delete(`/attendances/${a.id}`)), ['closed_month']);
    const other = await w.addEmployee();
    assert.equal((await w.book({ employee_id: other })).status, 201, 'closed for one employee only');
    await w.c.delete(`/month-closings/${closing.id}`);
    await w.c.post('/month-closings', { month: '2026-03' });
    assert.deepEqual(rules(await w.book({ employee_id: other, from: '13:00', to: '14:00' })), ['closed_month']);
  });

  test('approval date: on or before is refused', async () => {
    const w = await bookingWorld(t());
    await w.db
      .updateTable('employees')
      .set({ approval_date: '2026-03-10' })
      .where('tenant_id', '=', w.c.tenant.id)
      .execute();
    const r = await w.book();
    assert.equal(r.status, 422);
    assert.deepEqual(Object.keys(r.body.errors), ['date']);
    assert.deepEqual(rules(r), ['approval_date']);
    assert.equal((await w.book({ date: '2026-03-11' })).status, 201);
  });

  test('recording period from the tenant settings', async () => {
    const w = await bookingWorld(t());
    await w.c.patch('/booking-settings', {
      recording_days_back: 3,
      recording_days_ahead: 0,
      check_non_working_days: false,
    });
    assert.deepEqual(rules(await w.book({ date: addDays(today(), -4) })), ['recording_period']);
    assert.deepEqual(rules(await w.book({ date: addDays(today(), 1) })), ['recording_period']);
    assert.equal((await w.book({ date: addDays(today(), -3) })).status, 201);
  });

  test('non-working day and holiday refused; half-day holiday fine; switchable per tenant', async () => {
    const w = await bookingWorld(t());
    await addHoliday(w, '2026-03-11', 'Test holiday');
    await addHoliday(w, '2026-03-12', 'Half day', true);
    assert.deepEqual(rules(await w.book({ date: '2026-03-14' })), ['non_working_day'], 'Saturday');
    assert.deepEqual(rules(await w.book({ date: '2026-03-11' })), ['non_working_day']);
    assert.equal((await w.book({ date: '2026-03-12' })).status, 201);
    await w.c.patch('/booking-settings', { check_non_working_days: false });
    assert.equal((await w.book({ date: '2026-03-14' })).status, 201);
  });

  test('employment period: outside every period is refused; open ends are open', async () => {
    const w = await bookingWorld(t());
    const e = await w.addEmployee({
      periods: [
        ['2026-01-01', '2026-02-28'],
        ['2026-03-09', null],
      ],
    });
    assert.deepEqual(rules(await w.book({ employee_id: e, date: '2026-03-02' })), ['employment_period']);
    assert.equal((await w.book({ employee_id: e, date: '2026-02-27' })).status, 201);
    assert.equal((await w.book({ employee_id: e, date: '2030-03-12' })).status, 201);
    const none = await w.addEmployee({ periods: [] });
    assert.deepEqual(rules(await w.book({ employee_id: none })), ['employment_period']);
  });

  test('runtime of project and task, and a status that is not bookable', async () => {
    const w = await bookingWorld(t());
    const p = await w.addProject({ start_date: '2026-03-11', end_date: '2026-03-31' });
    const r = await w.book({ project_id: p.projectId, project_task_id: p.taskId });
    assert.deepEqual(rules(r), ['runtime']);
    assert.deepEqual(Object.keys(r.body.errors), ['project_id']);
    const task = await w.addTask(w.projectId, { end_date: '2026-03-09' });
    assert.deepEqual(Object.keys((await w.book({ project_task_id: task })).body.errors), ['project_task_id']);
    const locked = await w.addProject({ project_status_id: 'gesperrt' });
    assert.deepEqual(rules(await w.book({ project_id: locked.projectId, project_task_id: locked.taskId })), [
      'project_not_bookable',
    ]);
  });

  test('overlap: across midnight, touching, and PATCH excluding the booking itself', async () => {
    const w = await bookingWorld(t());
    await w.c.patch('/booking-settings', { check_non_working_days: false });
    assert.equal((await w.book({ date: '2026-03-10', from: '22:00', to: '00:00' })).status, 201);
    assert.equal(
      (await w.book({ date: '2026-03-11', from: '00:00', to: '01:00' })).status,
      201,
      '00:00–01:00 next day touches',
    );
    assert.deepEqual(rules(await w.book({ date: '2026-03-10', from: '23:00', to: '00:00' })), ['overlap']);
    assert.deepEqual(rules(await w.book({ date: '2026-03-11', from: '00:30', to: '02:00' })), ['overlap']);
    const a = (await w.book({ date: '2026-03-12', from: '09:00', to: '10:00' })).body.data;
    assert.equal((await w.book({ date: '2026-03-12', from: '10:00', to: '11:00' })).status, 201);
    assert.equal((await w.c.patch(`/attendances/${a.id}`, { from: '08:30' })).status, 200, 'own booking excluded');
    assert.deepEqual(rules(await w.c.patch(`/attendances/${a.id}`, { to: '10:30' })), ['overlap']);
  });

  test('planned hours: plan_can_exceed 2 refuses going over; 1 lets non-billable bookings exceed', async () => {
    const w = await bookingWorld(t());
    const strict = await w.addProject({ plan_hours: 4, plan_can_exceed: 2 });
    const b = (o: object) => w.book({ project_id: strict.projectId, project_task_id: strict.taskId, ...o });
    assert.equal((await b({ from: '08:00', to: '11:00' })).status, 201);
    assert.equal((await b({ date: '2026-03-11', from: '08:00', to: '09:00' })).status, 201, 'exactly the plan');
    assert.deepEqual(rules(await b({ date: '2026-03-12', from: '08:00', to: '08:15' })), ['planned_hours']);
    const soft = await w.addProject({ plan_hours: 1, plan_can_exceed: 1 });
    const s = (o: object) =>
      w.book({ project_id: soft.projectId, project_task_id: soft.taskId, date: '2026-03-13', ...o });
    assert.deepEqual(rules(await s({ from: '08:00', to: '10:00', billable: true })), ['planned_hours']);
    assert.equal((await s({ from: '08:00', to: '10:00', billable: false })).status, 201);
  });

  test('planned hours: travel may exceed under setting 4, by the flag or the travel activity', async () => {
    const w = await bookingWorld(t());
    const p = await w.addProject({ plan_hours: 1, plan_can_exceed: 4 });
    const b = (o: object) =>
      w.book({ project_id: p.projectId, project_task_id: p.taskId, from: '08:00', to: '10:00', ...o });
    assert.deepEqual(rules(await b({ billable: false })), ['planned_hours']);
    assert.equal((await b({ is_travel: true })).status, 201);
    assert.equal((await b({ date: '2026-03-11', activity_id: 're' })).status, 201);
  });

  test('minute grid and duration-only mode from the tenant settings', async () => {
    const w = await bookingWorld(t());
    await w.c.patch('/booking-settings', { minute_grid: 15 });
    const r = await w.book({ from: '09:07', to: '12:00' });
    assert.deepEqual(rules(r), ['minute_grid']);
    assert.equal((await w.book({ to: '23:59' })).status, 422);
    assert.equal((await w.book({ from: '09:15', to: '12:00' })).status, 201);
    await w.c.patch('/booking-settings', { minute_grid: null, duration_only: true });
    const missing = await w.book({ date: '2026-03-11' });
    assert.deepEqual(Object.keys(missing.body.errors), ['duration']);
    const ok = await w.book({ date: '2026-03-11', duration: 2.5 });
    assert.equal(ok.body.data.duration, 2.5);
  });

  test('billability defaults from the project and cannot be changed where the project forbids it', async () => {
    const w = await bookingWorld(t());
    const fixedOff = await w.addProject({ default_billability: 3 });
    const b = (o: object) => w.book({ project_id: fixedOff.projectId, project_task_id: fixedOff.taskId, ...o });
    assert.equal((await b({})).body.data.billable, false);
    assert.deepEqual(Object.keys((await b({ date: '2026-03-11', billable: true })).body.errors), ['billable']);
    const changeable = await w.addProject({ default_billability: 2 });
    assert.equal(
      (
        await w.book({
          project_id: changeable.projectId,
          project_task_id: changeable.taskId,
          date: '2026-03-12',
          billable: true,
        })
      ).body.data.billable,
      true,
    );
  });

  test('all violations are reported at once', async () => {
    const w = await bookingWorld(t());
    await w.db
      .updateTable('employees')
      .set({ approval_date: '2026-03-31' })
      .where('tenant_id', '=', w.c.tenant.id)
      .execute();
    await w.book({ date: '2026-04-07', from: '09:00', to: '12:00' });
    const r = await w.book({ date: '2026-03-14', from: '10:00', to: '11:00' });
    assert.deepEqual(rules(r), ['approval_date', 'non_working_day']);
    assert.equal(r.body.errors.date.length, 2);
  });

  test('billed or released bookings cannot be changed or deleted', async () => {
    const w = await bookingWorld(t(), { modules: ['project_release'] });
    const invoice = await createInvoice(w.c, { invoice_number: 'RB-1' });
    const item = (await w.c.post('/invoice-items', { invoice_id: invoice.id, project_id: w.projectId })).body.data;
    const billed = (await w.book({ invoice_item_id: item.id })).body.data;
    assert.equal((await w.c.patch('/invoices/RB-1', { status: 0 })).status, 200);
    const change = await w.c.patch(`/attendances/${billed.id}`, { note: 'x' });
    assert.deepEqual(rules(change), ['billed']);
    assert.match(change.body.message, /RB-1/);
    assert.deepEqual(rules(await w.c.delete(`/attendances/${billed.id}`)), ['billed']);
    const released = (await w.book({ date: '2026-03-11' })).body.data;
    const rel = await w.c.patch(`/attendances/${released.id}/release`, {
      project_release: 1,
      project_released_by: w.employee,
    });
    assert.deepEqual(rel.body.data.project_release, { id: 1, name: 'released' });
    assert.deepEqual(rules(await w.c.delete(`/attendances/${released.id}`)), ['released']);
    await w.c.patch(`/attendances/${released.id}/release`, { project_release: 0 });
    assert.equal((await w.c.delete(`/attendances/${released.id}`)).status, 204);
  });
});
