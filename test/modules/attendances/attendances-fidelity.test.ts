// What the audit and a real client found in bookings.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { bookingWorld } from '../../support/booking-world.js';

forEachDialect('attendances: fidelity', (t) => {
  test('an unreleased booking shows project_release {id: 0, name: "unchanged"}, also after a release is taken back', async () => {
    const w = await bookingWorld(t(), { modules: ['project_release'] });
    const a = (await w.book()).body.data;
    assert.deepEqual(a.project_release, { id: 0, name: 'unchanged' });
    assert.deepEqual((await w.c.get(`/attendances/${a.id}`)).body.data.project_release, { id: 0, name: 'unchanged' });
    await w.c.patch(`/attendances/${a.id}/release`, { project_release: 3, project_released_by: w.employee });
    const back = await w.c.patch(`/attendances/${a.id}/release`, { project_release: 0 });
    assert.deepEqual(back.body.data.project_release, { id: 0, name: 'unchanged' });
    assert.equal(back.body.data.project_released_at, null);
  });

  test('a PATCH of a booking locked by the approval date reports the lock once', async () => {
    const w = await bookingWorld(t());
    const a = (await w.book()).body.data;
    await w.db
      .updateTable('employees')
      .set({ approval_date: '2026-03-10' })
      .where('tenant_id', '=', w.c.tenant.id)
      .execute();
    const r = await w.c.patch(`/attendances/${a.id}`, { note: 'changed' });
    assert.equal(r.status, 422, r.text);
    assert.equal(r.body.errors.date.length, 1, JSON.stringify(r.body.errors));
    assert.equal(r.body.violations.length, 1);
    assert.equal(r.body.violations[0].rule, 'approval_date');
    assert.equal((await w.c.get(`/attendances/${a.id}`)).body.data.note, null);
  });

  test('a booking released while project_release was on stays locked after the module is off; the error names no hidden field', async () => {
    const w = await bookingWorld(t(), { modules: ['project_release'] });
    const a = (await w.book()).body.data;
    assert.equal(
      (await w.c.patch(`/attendances/${a.id}/release`, { project_release: 1, project_released_by: w.employee })).status,
      200,
    );
    await w.c.update({ modules: [] });
    const shown = (await w.c.get(`/attendances/${a.id}`)).body.data;
    assert.ok(!('project_release' in shown));
    for (const r of [
      await w.c.patch(`/attendances/${a.id}`, { note: 'x' }),
      await w.c.delete(`/attendances/${a.id}`),
    ]) {
      assert.equal(r.status, 422, r.text);
      assert.deepEqual(Object.keys(r.body.errors), ['id']);
      assert.match(r.body.errors.id[0], /released \(project release\)/);
      for (const field of Object.keys(r.body.errors)) assert.ok(field in shown, `${field} is a field of the response`);
    }
    assert.equal((await w.c.get(`/attendances/${a.id}`)).status, 200);
  });

  test('a booking naming only a subtask takes the ticket from the subtask (no error on ticket_id)', async () => {
    const w = await bookingWorld(t());
    const ticket = (
      await w.c.post('/tickets', {
        subject: 'T',
        status: 1,
        priority: 1,
        project_id: w.projectId,
        project_task_id: w.taskId,
        creator_username: w.employee,
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
    for (const body of [{ subtask_id: subtask.id }, { subtask_id: subtask.id, ticket_id: null }]) {
      const r = await w.book({ ...body, date: '2026-03-11' });
      assert.equal(r.status, 201, r.text);
      assert.deepEqual([r.body.data.ticket_id, r.body.data.subtask_id], [ticket.id, subtask.id]);
      assert.equal((await w.c.delete(`/attendances/${r.body.data.id}`)).status, 204);
    }
    const a = (await w.book()).body.data;
    const patched = await w.c.patch(`/attendances/${a.id}`, { subtask_id: subtask.id });
    assert.equal(patched.status, 200, patched.text);
    assert.equal(patched.body.data.ticket_id, ticket.id);
  });

  test('km and passengers are whole numbers: a fraction is 422 on the field, never rounded', async () => {
    const w = await bookingWorld(t());
    for (const [field, value] of [
      ['km', 12.5],
      ['passengers', 1.5],
    ] as const) {
      const r = await w.book({ [field]: value });
      assert.equal(r.status, 422, r.text);
      assert.deepEqual(Object.keys(r.body.errors), [field]);
    }
    const ok = await w.book({ km: 12.0, passengers: 2 });
    assert.equal(ok.status, 201, ok.text);
    assert.deepEqual([ok.body.data.km, ok.body.data.passengers], [12, 2]);
  });

  test('a duration that disagrees with from/to is 422 on duration where times are recorded; one that agrees is fine', async () => {
    const w = await bookingWorld(t());
    const wrong = await w.book({ duration: 5 });
    assert.equal(wrong.status, 422, wrong.text);
    assert.deepEqual(Object.keys(wrong.body.errors), ['duration']);
    const right = await w.book({ duration: 3 });
    assert.equal(right.status, 201, right.text);
    const id = right.body.data.id;
    const moved = await w.c.patch(`/attendances/${id}`, { to: '13:00' });
    assert.equal(moved.status, 200, moved.text);
    assert.equal(moved.body.data.duration, 4);
    const bad = await w.c.patch(`/attendances/${id}`, { duration: 3 });
    assert.deepEqual([bad.status, Object.keys(bad.body.errors ?? {})], [422, ['duration']]);
    assert.equal((await w.c.get(`/attendances/${id}`)).body.data.duration, 4);
  });
});
