// POST/GET/PATCH/PUT/DELETE /attendances: shapes, input rules, references, list filters, editions, modules.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { bookingWorld } from '../../support/booking-world.js';

forEachDialect('attendances: records', (t) => {
  test('POST answers 201 {data} with the contract shape: date as date-time, times HH:MM:SS, derived duration, end_date', async () => {
    const w = await bookingWorld(t());
    const r = await w.book({ from: '12:38', to: '17:39', note: 'Meeting', direction_of_travel: 'continue' });
    assert.equal(r.status, 201, r.text);
    const a = r.body.data;
    assert.equal(a.date, '2026-03-10T00:00:00.000000Z');
    assert.deepEqual([a.from, a.to, a.end_date, a.duration], ['12:38:00', '17:39:00', '2026-03-10', 5.0166666667]);
    assert.deepEqual(a.direction_of_travel, { id: 1, name: 'continue' });
    assert.equal(a.billable, true);
    assert.equal(a.employee_id, w.employee);
    for (const gated of ['issue_id', 'department_id', 'project_release', 'project_released_at', 'project_released_by'])
      assert.ok(!(gated in a), `${gated} absent without its module`);
    assert.deepEqual((await w.c.get(`/attendances/${a.id}`)).body.data, a);
  });

  test('a booking ending at 00:00 ends the next day and lasts until midnight', async () => {
    const w = await bookingWorld(t());
    const r = await w.book({ from: '22:00', to: '00:00' });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual([r.body.data.to, r.body.data.end_date, r.body.data.duration], ['00:00:00', '2026-03-11', 2]);
  });

  test('module-gated fields appear with their modules', async () => {
    const w = await bookingWorld(t(), { modules: ['departments', 'ticket_extension', 'project_release'] });
    const r = await w.book({ issue_id: 'JIRA-7' });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.data.issue_id, 'JIRA-7');
    assert.equal(typeof r.body.data.department_id, 'number');
    assert.deepEqual(r.body.data.project_release, { id: 0, name: 'unchanged' });
  });

  test('input rules: date-only, to after from, vehicle_id length, required fields — all 422 on the field', async () => {
    const w = await bookingWorld(t());
    const withTime = await w.book({ date: '2026-03-10T09:00:00' });
    assert.equal(withTime.status, 422);
    assert.ok(withTime.body.errors.date);
    const backwards = await w.book({ from: '12:00', to: '11:00' });
    assert.deepEqual(Object.keys(backwards.body.errors), ['to']);
    const long = await w.book({ vehicle_id: 'x'.repeat(33) });
    assert.deepEqual(Object.keys(long.body.errors), ['vehicle_id']);
    const missing = await w.c.post('/attendances', { date: '2026-03-10' });
    assert.equal(missing.status, 422);
    for (const f of ['employee_id', 'from', 'to', 'project_id', 'project_task_id', 'activity_id'])
      assert.ok(missing.body.errors[f], f);
  });

  test('references must exist in the tenant: unknown employee, project, activity, location, vehicle; task of another project', async () => {
    const w = await bookingWorld(t());
    const other = await w.addProject();
    const r = await w.book({
      employee_id: 'nobody',
      activity_id: 'zz',
      work_location_id: 'NOWHERE',
      vehicle_id: 'CAR1',
    });
    assert.equal(r.status, 422);
    assert.deepEqual(Object.keys(r.body.errors).sort(), [
      'activity_id',
      'employee_id',
      'vehicle_id',
      'work_location_id',
    ]);
    const wrongTask = await w.book({ project_task_id: other.taskId });
    assert.deepEqual(Object.keys(wrongTask.body.errors), ['project_task_id']);
    const unknownProject = await w.book({ project_id: 999999 });
    assert.ok(unknownProject.body.errors.project_id);
  });

  test("a booking naming only a subtask takes the subtask's ticket, and the ticket's rules apply (docs/api/attendances.md)", async () => {
    const w = await bookingWorld(t());
    const ticket = (
      await w.c.post('/tickets', {
        subject: 'T',
        status: 1,
        priority: 1,
        project_id: w.projectId,
        project_task_id: w.taskId,
        creator_username: w.employee,
        planned_hours: 4,
        prevent_overbooking: 2,
      })
    ).body.data;
    const subtask = (
      await w.c.post(`/tickets/${ticket.id}/subtasks`, {
        subject: 's',
        name: 'n',
        status: 1,
        creator_username: w.employee,
      })
    ).body.data;
    const r = await w.book({ subtask_id: subtask.id });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual([r.body.data.ticket_id, r.body.data.subtask_id], [ticket.id, subtask.id]);
    const over = await w.book({ subtask_id: subtask.id, date: '2026-03-11', from: '08:00', to: '10:00' });
    assert.deepEqual(
      over.body.violations?.map((v: any) => [v.field, v.rule]),
      [['ticket_id', 'planned_hours']],
    );
    const other = await w.addProject();
    const foreign = await w.book({
      project_id: other.projectId,
      project_task_id: other.taskId,
      subtask_id: subtask.id,
      date: '2026-03-12',
    });
    assert.deepEqual([foreign.status, Object.keys(foreign.body.errors)], [422, ['subtask_id']]);
    assert.equal(foreign.body.errors.subtask_id[0], 'The subtask belongs to a ticket of another project.');
  });

  test('PATCH changes only submitted fields and PUT is its alias; rules re-run on the merged record', async () => {
    const w = await bookingWorld(t());
    const a = (await w.book({ note: 'keep', km: 12 })).body.data;
    const p = await w.c.patch(`/attendances/${a.id}`, { to: '13:00' });
    assert.equal(p.status, 200, p.text);
    assert.deepEqual(
      [p.body.data.note, p.body.data.km, p.body.data.to, p.body.data.duration],
      ['keep', 12, '13:00:00', 4],
    );
    const put = await w.c.put(`/attendances/${a.id}`, { note: null });
    assert.equal(put.body.data.note, null);
    assert.equal(put.body.data.to, '13:00:00');
    const bad = await w.c.patch(`/attendances/${a.id}`, { from: '14:00' });
    assert.deepEqual(Object.keys(bad.body.errors), ['to']);
  });

  test('DELETE answers 204, then 404; another tenant sees 404 everywhere', async () => {
    const w = await bookingWorld(t());
    const other = await t().tenant();
    const a = (await w.book()).body.data;
    assert.equal((await other.get(`/attendances/${a.id}`)).status, 404);
    assert.equal((await other.patch(`/attendances/${a.id}`, { note: 'x' })).status, 404);
    assert.equal((await other.delete(`/attendances/${a.id}`)).status, 404);
    assert.equal((await w.c.delete(`/attendances/${a.id}`)).status, 204);
    assert.equal((await w.c.get(`/attendances/${a.id}`)).status, 404);
  });

  test('list filters: employee_id, inclusive start_date/end_date, project_id; a month of one employee pages with limit', async () => {
    const w = await bookingWorld(t());
    const second = await w.addEmployee();
    const other = await w.addProject();
    for (const date of ['2026-03-02', '2026-03-03', '2026-03-31', '2026-04-01'])
      assert.equal((await w.book({ date })).status, 201);
    await w.book({ employee_id: second, date: '2026-03-03' });
    await w.book({ date: '2026-03-04', project_id: other.projectId, project_task_id: other.taskId });
    const month = await w.c.get(
      `/attendances?employee_id=${w.employee}&start_date=2026-03-03&end_date=2026-03-31&limit=2`,
    );
    assert.equal(month.body.meta.total, 3);
    assert.deepEqual(
      month.body.data.map((a: any) => a.date.slice(0, 10)),
      ['2026-03-03', '2026-03-31'],
    );
    const page2 = await w.c.get(
      `/attendances?employee_id=${w.employee}&start_date=2026-03-03&end_date=2026-03-31&limit=2&page=2`,
    );
    assert.deepEqual(
      page2.body.data.map((a: any) => a.date.slice(0, 10)),
      ['2026-03-04'],
    );
    assert.equal((await w.c.get(`/attendances?project_id=${other.projectId}`)).body.meta.total, 1);
    assert.equal((await w.c.get('/attendances?start_date=')).status, 422);
  });

  test('clock edition: PATCH/PUT /attendances/{id} work, every other endpoint is 404', async () => {
    const w = await bookingWorld(t());
    const a = (await w.book()).body.data;
    await w.c.update({ edition: 'clock' });
    assert.equal((await w.c.patch(`/attendances/${a.id}`, { note: 'clock' })).body.data.note, 'clock');
    assert.equal((await w.c.put(`/attendances/${a.id}`, { note: 'again' })).status, 200);
    assert.equal((await w.c.get(`/attendances/${a.id}`)).status, 404);
    assert.equal((await w.c.get('/attendances')).status, 404);
    assert.equal((await w.book({ from: '13:00', to: '14:00' })).status, 404);
    assert.equal((await w.c.delete(`/attendances/${a.id}`)).status, 404);
  });
});
