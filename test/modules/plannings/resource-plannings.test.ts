// /resource-plannings: only with the resource_planning module; planned hours per month and in total from the
// employee's working days (regular working time, holidays, approved absences); the contract's filters; writes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { addHoliday } from '../../support/booking-world.js';
import { expectFieldErrors } from '../../support/expect.js';
import { planWorld, type PlanWorld } from '../../support/plannings.js';

const withModule = { modules: ['resource_planning' as const] };

async function period(w: PlanWorld, over: Record<string, unknown> = {}) {
  const r = await w.c.post('/resource-plannings', {
    employee_id: w.employee,
    project_id: w.projectId,
    start_date: '2026-03-30',
    end_date: '2026-04-10',
    unit: 'percent',
    value: 50,
    ...over,
  });
  assert.equal(r.status, 201, r.text);
  return r.body.data;
}

forEachDialect('plannings: resource plannings', (t) => {
  test('without the resource_planning module every route is 404; with it they exist', async () => {
    const w = await planWorld(t());
    for (const [method, path] of [
      ['GET', '/resource-plannings'],
      ['POST', '/resource-plannings'],
      ['GET', '/resource-plannings/1'],
      ['PATCH', '/resource-plannings/1'],
      ['DELETE', '/resource-plannings/1'],
    ]) {
      assert.equal(
        (await w.c.request(method, path, method === 'POST' || method === 'PATCH' ? {} : undefined)).status,
        404,
        `${method} ${path}`,
      );
    }
    await w.c.update(withModule);
    assert.equal((await w.c.get('/resource-plannings')).status, 200);
  });

  test('planned hours per month and in total: weekends, holidays and an approved absence left out, a half-time employee, a half-day holiday', async () => {
    const w = await planWorld(t(), withModule);
    await addHoliday(w, '2026-04-03', 'Karfreitag');
    await addHoliday(w, '2026-04-06', 'Ostermontag');
    await addHoliday(w, '2026-12-24', 'Heiligabend', true);
    await w.absence({ absence_reason_id: 'KR', start_date: '2026-04-08' });
    const p = await period(w, { note: 'Relaunch' });
    assert.deepEqual(Object.keys(p), [
      'id',
      'employee_id',
      'project_id',
      'customer_number',
      'start_date',
      'end_date',
      'unit',
      'value',
      'note',
      'planned_hours_per_month',
      'planned_hours_total',
      'created',
      'modified',
      'created_by',
      'modified_by',
    ]);
    // March: Mon 30, Tue 31 × 4 h; April: 1, 2, 7, 9, 10 × 4 h.
    assert.deepEqual(
      [p.customer_number, p.planned_hours_per_month, p.planned_hours_total],
      [w.customer, { '2026-03': 8, '2026-04': 20 }, 28],
    );
    const half = await period(w, {
      employee_id: w.halfTime,
      start_date: '2026-03-02',
      end_date: '2026-03-08',
      unit: 'hours_per_day',
      value: 2,
    });
    assert.deepEqual([half.planned_hours_per_month, half.planned_hours_total], [{ '2026-03': 10 }, 10]);
    const halfPct = await period(w, {
      employee_id: w.halfTime,
      start_date: '2026-03-02',
      end_date: '2026-03-06',
      unit: 'percent',
      value: 100,
    });
    assert.equal(halfPct.planned_hours_total, 20);
    const christmas = await period(w, {
      start_date: '2026-12-24',
      end_date: '2026-12-25',
      unit: 'hours_per_day',
      value: 8,
    });
    assert.deepEqual(
      christmas.planned_hours_per_month,
      { '2026-12': 12 },
      'the half-day holiday counts half (4), the 25th (no holiday in this calendar) in full',
    );
    const weekend = await period(w, { start_date: '2026-03-07', end_date: '2026-03-08' });
    assert.deepEqual([weekend.planned_hours_per_month, weekend.planned_hours_total], [{ '2026-03': 0 }, 0]);
    assert.deepEqual((await w.c.get(`/resource-plannings/${p.id}`)).body.data, p);
  });

  test('filters: overlapping window (months outside still reported), employees, projects, customers, modified; start-date order', async () => {
    const w = await planWorld(t(), withModule);
    const other = await w.addProject();
    const a = await period(w, { start_date: '2026-05-01', end_date: '2026-07-31' });
    const b = await period(w, { employee_id: w.halfTime, start_date: '2026-03-01', end_date: '2026-03-31' });
    const c = await period(w, { project_id: other.projectId, start_date: '2026-03-01', end_date: '2026-04-30' });
    const ids = async (q: string) => (await w.c.get(`/resource-plannings?${q}`)).body.data.map((x: any) => x.id);
    const expectedMarch = [b, c]
      .sort((x, y) => Number(x.employee_id > y.employee_id) - Number(x.employee_id < y.employee_id) || x.id - y.id)
      .map((x) => x.id);
    assert.deepEqual(await ids(''), [...expectedMarch, a.id]);
    const june = await w.c.get('/resource-plannings?date_from=2026-06-01&date_to=2026-06-30');
    assert.deepEqual(
      june.body.data.map((x: any) => x.id),
      [a.id],
    );
    assert.deepEqual(Object.keys(june.body.data[0].planned_hours_per_month), ['2026-05', '2026-06', '2026-07']);
    assert.deepEqual(await ids('date_from=2026-04-15'), [c.id, a.id]);
    assert.deepEqual(await ids(`employee_ids[]=${w.halfTime}`), [b.id]);
    assert.deepEqual(await ids(`project_ids[]=${other.projectId}`), [c.id]);
    assert.deepEqual((await ids(`customer_numbers[]=${w.customer}`)).sort(), [a.id, b.id].sort());
    assert.deepEqual(await ids('customer_numbers[]=nope'), []);
    assert.deepEqual(await ids('modified_after=2999-01-01'), []);
    assert.equal((await ids('modified_before=2999-01-01')).length, 3);
    assert.equal((await w.c.get('/resource-plannings?date_from=')).status, 422);
  });

  test('writes: PATCH/PUT recompute, DELETE, and 422 on the field for bad periods, values and references', async () => {
    const w = await planWorld(t(), withModule);
    const p = await period(w);
    // Ten working days from Mon 30 March to Fri 10 April (no holidays in this calendar).
    const r = await w.c.put(`/resource-plannings/${p.id}`, { unit: 'hours_per_day', value: 2 });
    assert.deepEqual([r.status, r.body.data.planned_hours_total, r.body.data.note], [200, 20, null]);
    const base = {
      employee_id: w.employee,
      project_id: w.projectId,
      start_date: '2026-03-02',
      end_date: '2026-03-13',
      unit: 'percent',
      value: 50,
    };
    await expectFieldErrors(w.c, 'POST', '/resource-plannings', [
      [{ ...base, end_date: '2026-03-01' }, 'end_date'],
      [{ ...base, end_date: '2031-12-31' }, 'end_date'],
      [{ ...base, unit: 'days' }, 'unit'],
      [{ ...base, unit: 'hours_per_day', value: 25 }, 'value'],
      [{ ...base, value: -1 }, 'value'],
      [{ ...base, employee_id: 'nobody' }, 'employee_id'],
      [{ ...base, project_id: 999999 }, 'project_id'],
    ]);
    assert.equal((await w.c.delete(`/resource-plannings/${p.id}`)).status, 204);
    assert.equal((await w.c.get(`/resource-plannings/${p.id}`)).status, 404);
  });
});
