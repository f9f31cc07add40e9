// GET /projects/{id}/plan-vs-actual: per employee and month, planned hours (explicit entries plus default days) and
// booked hours on the project; the window is required.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { planWorld } from '../../support/plannings.js';

forEachDialect('plannings: plan versus actual', (t) => {
  test('planned (explicit + defaults, converted) and booked hours per employee and month', async () => {
    const w = await planWorld(t());
    await w.planned({ date: '2026-03-10', planning: 8 });
    await w.planned({ date: '2026-03-11', kind: 0, planning: 50 });
    await w.planned({ date: '2026-03-31', planning: 6 });
    await w.planned({ employee_id: w.halfTime, date: '2026-03-12', kind: 2, planning: 1 });
    const other = await w.addProject();
    await w.planned({ date: '2026-03-12', project_id: other.projectId, planning: 8 });
    const d = await w.c.post('/default-plannings', {
      employee_id: w.employee,
      project_id: w.projectId,
      kind: 0,
      planning: 25,
      start_date: '2026-03-30',
      end_date: '2026-04-03',
    });
    assert.equal(d.status, 201, d.text);
    for (const date of ['2026-03-10', '2026-04-01']) assert.equal((await w.book({ date })).status, 201);
    assert.equal(
      (await w.book({ date: '2026-03-12', project_id: other.projectId, project_task_id: other.taskId })).status,
      201,
    );
    const r = await w.c.get(`/projects/${w.projectId}/plan-vs-actual?date_from=2026-03-01&date_to=2026-04-30`);
    assert.equal(r.status, 200, r.text);
    const expected = [
      // March: 8 + 4 (50 %) + 6 (explicit on the 31st, so no default day) + 2 (default on the 30th); April: 1–3 × 2.
      { employee_id: w.employee, month: '2026-03', planned_hours: 20, booked_hours: 3 },
      { employee_id: w.employee, month: '2026-04', planned_hours: 6, booked_hours: 3 },
      { employee_id: w.halfTime, month: '2026-03', planned_hours: 4, booked_hours: 0 },
    ].sort(
      (a, b) =>
        Number(a.employee_id > b.employee_id) - Number(a.employee_id < b.employee_id) || (a.month < b.month ? -1 : 1),
    );
    assert.deepEqual(r.body.data, expected);
    const mine = await w.c.get(
      `/projects/${w.projectId}/plan-vs-actual?date_from=2026-04-01&date_to=2026-04-02&employee_ids[]=${w.employee}`,
    );
    assert.deepEqual(mine.body.data, [
      { employee_id: w.employee, month: '2026-04', planned_hours: 4, booked_hours: 3 },
    ]);
    const none = await w.c.get(
      `/projects/${w.projectId}/plan-vs-actual?date_from=2026-03-01&date_to=2026-04-30&employee_ids[]=nobody`,
    );
    assert.deepEqual(none.body.data, []);
  });

  test("the window defaults to the current year (date_to to the end of date_from's year), is bounded; an unknown project is 404", async () => {
    const w = await planWorld(t());
    const year = new Date().getUTCFullYear();
    await w.planned({ date: `${year}-06-15` });
    await w.planned({ date: `${year + 1}-01-15` });
    const planned = async (q: string) =>
      (await w.c.get(`/projects/${w.projectId}/plan-vs-actual?${q}`)).body.data.map((r: any) => r.month);
    assert.deepEqual(await planned(''), [`${year}-06`]);
    assert.deepEqual(await planned(`date_from=${year + 1}-01-01`), [`${year + 1}-01`]);
    assert.deepEqual(await planned(`date_to=${year + 1}-12-31`), [`${year + 1}-01`], 'the year of date_to');
    for (const q of [
      'date_from=2026-03-01&date_to=',
      'date_from=',
      'date_from=2026-03-02&date_to=2026-03-01',
      'date_from=2026-01-01&date_to=2027-01-02',
    ]) {
      assert.equal((await w.c.get(`/projects/${w.projectId}/plan-vs-actual?${q}`)).status, 422, q);
    }
    assert.equal(
      (await w.c.get('/projects/999999/plan-vs-actual?date_from=2026-03-01&date_to=2026-03-31')).status,
      404,
    );
  });
});
