// Running planned-hours sums (migration 2400): the planned-hours rule reads a sum kept by triggers
// in the booking's own transaction. Under parallel creates, moves, changes and deletes the rule must still hold,
// and afterwards the sum it uses must equal the real sum: booking exactly the hours left is accepted, a quarter
// hour more is refused (a sum too high would refuse the first, one too low accept the second).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { bookingWorld, type World } from '../../support/booking-world.js';

const PLAN = 8;

async function bookedOn(w: World, query: string): Promise<{ total: number; ids: number[] }> {
  const r = await w.c.get(`/attendances?${query}&limit=200`);
  assert.equal(r.status, 200, r.text);
  return {
    total: r.body.data.reduce((s: number, a: any) => s + a.duration, 0),
    ids: r.body.data.map((a: any) => a.id),
  };
}

const hm = (h: number) =>
  `${String(8 + Math.floor(h)).padStart(2, '0')}:${String(Math.round((h % 1) * 60)).padStart(2, '0')}`;

forEachDialect('attendances: running planned-hours sums', (t) => {
  for (const level of ['project', 'task'] as const) {
    test(`${level} plan: the rule holds under parallel creates, moves, changes and deletes, and the sum stays exact`, async () => {
      const w = await bookingWorld(t());
      // The plan on the project itself, or only on its task (the project's setting forbids exceeding either).
      const planned = await w.addProject(
        level === 'project' ? { plan_hours: PLAN, plan_can_exceed: 2 } : { plan_can_exceed: 2 },
      );
      if (level === 'task') {
        const r = await w.c.patch(`/projects/${planned.projectId}/tasks/${planned.taskId}`, { plan_hours: PLAN });
        assert.equal(r.status, 200, r.text);
      }
      const other = await w.addProject();
      const on = (p: { projectId: number; taskId: number }) => ({ project_id: p.projectId, project_task_id: p.taskId });
      const query = `project_id=${planned.projectId}`; // the project has one task: the same bookings

      // Three 1 h bookings on the plan, one 3 h booking elsewhere.
      const mine: number[] = [];
      for (const date of ['2026-03-10', '2026-03-11', '2026-03-12']) {
        const r = await w.book({ date, from: '09:00', to: '10:00', ...on(planned) });
        assert.equal(r.status, 201, r.text);
        mine.push(r.body.data.id);
      }
      const elsewhere = await w.book({ date: '2026-03-13', from: '09:00', to: '12:00', ...on(other) });
      assert.equal(elsewhere.status, 201, elsewhere.text);

      const employees = await Promise.all(Array.from({ length: 8 }, () => w.addEmployee()));
      const results = await Promise.all([
        ...employees.map((e) => w.book({ employee_id: e, from: '09:00', to: '10:00', ...on(planned) })),
        w.c.delete(`/attendances/${mine[0]}`),
        w.c.patch(`/attendances/${mine[1]}`, on(other)),
        w.c.patch(`/attendances/${mine[2]}`, { from: '09:00', to: '11:00' }),
        w.c.patch(`/attendances/${elsewhere.body.data.id}`, on(planned)),
      ]);
      for (const r of results) assert.ok([200, 201, 204, 422].includes(r.status), `${r.status} ${r.text}`);
      const refused = results.filter((r) => r.status === 422);
      assert.ok(
        refused.every((r) => r.body.violations?.some((v: any) => v.rule === 'planned_hours')),
        refused.map((r) => r.text).join('\n'),
      );
      assert.ok(refused.length > 0, 'the race asked for more than the plan');

      const after = await bookedOn(w, query);
      assert.ok(after.total <= PLAN, `booked ${after.total} h on a plan of ${PLAN} h`);
      // Free at least an hour, then the sum the rule reads must be the real one to the quarter hour.
      const del = await w.c.delete(`/attendances/${after.ids[0]}`);
      assert.equal(del.status, 204, del.text);
      const left = PLAN - (await bookedOn(w, query)).total;
      assert.ok(left >= 1, String(left));
      const fresh = await w.addEmployee();
      const exact = await w.book({ employee_id: fresh, date: '2026-03-16', from: hm(0), to: hm(left), ...on(planned) });
      assert.equal(exact.status, 201, `booking the ${left} h left: ${exact.text}`);
      const over = await w.book({ employee_id: fresh, date: '2026-03-17', from: '09:00', to: '09:15', ...on(planned) });
      assert.equal(over.status, 422, over.text);
      assert.deepEqual(
        over.body.violations.map((v: any) => v.rule),
        ['planned_hours'],
      );
      assert.equal((await bookedOn(w, query)).total, PLAN);
    });
  }

  test('a change of a booking on a full plan is checked without its own stored hours', async () => {
    const w = await bookingWorld(t());
    const p = await w.addProject({ plan_hours: 2, plan_can_exceed: 2 });
    const a = await w.book({ from: '09:00', to: '11:00', project_id: p.projectId, project_task_id: p.taskId });
    assert.equal(a.status, 201, a.text);
    // Same hours, other times: allowed (its own 2 h are not counted twice); one more quarter: refused.
    assert.equal((await w.c.patch(`/attendances/${a.body.data.id}`, { from: '13:00', to: '15:00' })).status, 200);
    const more = await w.c.patch(`/attendances/${a.body.data.id}`, { from: '13:00', to: '15:15' });
    assert.equal(more.status, 422, more.text);
    assert.deepEqual(
      more.body.violations.map((v: any) => v.rule),
      ['planned_hours'],
    );
  });
});
