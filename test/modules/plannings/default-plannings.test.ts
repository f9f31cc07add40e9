// /default-plannings and GET /plannings?include_defaults=true: a synthetic entry per working day of the window
// without an explicit entry for the same employee and project, with stable string ids, merged in date order.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { addHoliday } from '../../support/booking-world.js';
import { expectFieldErrors } from '../../support/expect.js';
import { planWorld, type PlanWorld } from '../../support/plannings.js';

async function standing(w: PlanWorld, over: Record<string, unknown> = {}) {
  const r = await w.c.post('/default-plannings', {
    employee_id: w.employee,
    project_id: w.projectId,
    kind: 0,
    planning: 50,
    start_date: '2026-03-02',
    end_date: '2026-03-13',
    ...over,
  });
  assert.equal(r.status, 201, r.text);
  return r.body.data;
}

forEachDialect('plannings: default plannings', (t) => {
  test('CRUD: 201 with the stored shape, list filters, PATCH, DELETE; 422 on a reversed period, unknown references and too many hours', async () => {
    const w = await planWorld(t());
    const d = await standing(w, { note: 'Spring' });
    assert.deepEqual(d, {
      id: d.id,
      employee_id: w.employee,
      project_id: w.projectId,
      kind: 0,
      planning: 50,
      start_date: '2026-03-02',
      end_date: '2026-03-13',
      note: 'Spring',
      created: d.created,
      modified: d.modified,
      created_by: null,
      modified_by: null,
    });
    assert.deepEqual((await w.c.get(`/default-plannings/${d.id}`)).body.data, d);
    const other = await standing(w, { employee_id: w.halfTime, start_date: '2026-05-01', end_date: '2026-05-31' });
    const ids = async (q: string) => (await w.c.get(`/default-plannings?${q}`)).body.data.map((x: any) => x.id);
    assert.deepEqual(await ids(`employee_ids[]=${w.halfTime}`), [other.id]);
    assert.deepEqual(await ids('date_from=2026-03-13&date_to=2026-04-30'), [d.id]);
    assert.deepEqual(await ids('employee_ids[]=nobody'), []);
    const changed = await w.c.patch(`/default-plannings/${d.id}`, { planning: 25 });
    assert.deepEqual([changed.status, changed.body.data.planning, changed.body.data.note], [200, 25, 'Spring']);
    await expectFieldErrors(w.c, 'POST', '/default-plannings', [
      [
        {
          employee_id: w.employee,
          project_id: w.projectId,
          kind: 0,
          planning: 1,
          start_date: '2026-03-02',
          end_date: '2026-03-01',
        },
        'end_date',
      ],
      [
        {
          employee_id: 'nobody',
          project_id: w.projectId,
          kind: 0,
          planning: 1,
          start_date: '2026-03-02',
          end_date: '2026-03-03',
        },
        'employee_id',
      ],
      [
        {
          employee_id: w.employee,
          project_id: 999999,
          kind: 0,
          planning: 1,
          start_date: '2026-03-02',
          end_date: '2026-03-03',
        },
        'project_id',
      ],
      [
        {
          employee_id: w.employee,
          project_id: w.projectId,
          kind: 1,
          planning: 25,
          start_date: '2026-03-02',
          end_date: '2026-03-03',
        },
        'planning',
      ],
      [
        {
          employee_id: w.employee,
          project_id: w.projectId,
          kind: 3,
          planning: 1,
          start_date: '2026-03-02',
          end_date: '2026-03-03',
        },
        'kind',
      ],
    ]);
    await expectFieldErrors(w.c, 'PATCH', `/default-plannings/${d.id}`, [[{ start_date: '2026-04-01' }, 'end_date']]);
    assert.equal((await w.c.delete(`/default-plannings/${d.id}`)).status, 204);
    assert.equal((await w.c.get(`/default-plannings/${d.id}`)).status, 404);
  });

  test('include_defaults adds a day per working day without an explicit entry for the employee and project, in date order', async () => {
    const w = await planWorld(t());
    await addHoliday(w, '2026-03-05', 'Feiertag');
    await w.absence({ absence_reason_id: 'KR', start_date: '2026-03-06' });
    const d = await standing(w);
    const explicit = await w.planned({ date: '2026-03-03', planning: 2 });
    const otherProject = await w.addProject();
    const elsewhere = await w.planned({ date: '2026-03-04', project_id: otherProject.projectId, planning: 1 });
    const r = await w.c.get('/plannings?include_defaults=true&date_from=2026-03-01&date_to=2026-03-08');
    assert.equal(r.status, 200, r.text);
    // Mon 2 default, Tue 3 explicit, Wed 4 the other project's entry and the default, Thu 5 holiday, Fri 6 absent, weekend.
    assert.deepEqual(
      r.body.data.map((p: any) => [p.date, p.id]),
      [
        ['2026-03-02', `default-${d.id}-20260302`],
        ['2026-03-03', explicit.id],
        ['2026-03-04', elsewhere.id],
        ['2026-03-04', `default-${d.id}-20260304`],
      ],
    );
    const day = r.body.data[0];
    assert.deepEqual(
      [
        day.type,
        day.kind,
        day.planning,
        day.planning_in_hours,
        day.planning_in_percent,
        day.working_day,
        day.project_id,
        day.customer_number,
      ],
      [0, 0, 50, 4, 50, 1, w.projectId, w.customer],
    );
    const again = await w.c.get('/plannings?include_defaults=true&date_from=2026-03-01&date_to=2026-03-08');
    assert.deepEqual(
      again.body.data.map((p: any) => p.id),
      r.body.data.map((p: any) => p.id),
      'ids are stable across requests',
    );
    const without = await w.c.get('/plannings?date_from=2026-03-01&date_to=2026-03-08&include_defaults=false');
    assert.deepEqual(
      without.body.data.map((p: any) => p.id),
      [explicit.id, elsewhere.id],
    );
  });

  test('paging over the merged list, filters on the defaults too, and a bounded window', async () => {
    const w = await planWorld(t());
    await standing(w); // ten working days
    await standing(w, { employee_id: w.halfTime, kind: 1, planning: 2 });
    const all: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const r = await w.c.get(
        `/plannings?include_defaults=true&date_from=2026-03-01&date_to=2026-03-31&limit=8&page=${page}`,
      );
      assert.equal(r.body.meta.total, 20);
      all.push(...r.body.data.map((p: any) => `${p.date}|${p.employee_id}`));
    }
    assert.equal(all.length, 20);
    assert.deepEqual(all, [...all].sort());
    const half = await w.c.get(
      `/plannings?include_defaults=true&date_from=2026-03-01&date_to=2026-03-31&employee_ids[]=${w.halfTime}`,
    );
    assert.deepEqual(
      [half.body.meta.total, half.body.data[0].planning_in_hours, half.body.data[0].planning_in_days],
      [10, 2, 0.5],
    );
    assert.equal(
      (
        await w.c.get(
          `/plannings?include_defaults=true&date_from=2026-03-01&date_to=2026-03-31&customer_numbers[]=nope`,
        )
      ).body.meta.total,
      0,
    );
    const r = await w.c.get('/plannings?include_defaults=true&date_from=2026-01-01&date_to=2027-01-02');
    assert.equal(r.status, 422, r.text);
    assert.ok(r.body.errors.date_to, r.text);
  });

  test('include_defaults without both dates lists a default window: the calendar year of the bound given (the current year without either)', async () => {
    const w = await planWorld(t());
    const year = new Date().getUTCFullYear();
    await standing(w, { start_date: `${year - 1}-12-28`, end_date: `${year}-01-09` });
    await standing(w, { employee_id: w.halfTime, start_date: '2025-12-29', end_date: '2026-01-02' });
    const dates = async (q: string) => {
      const r = await w.c.get(`/plannings?include_defaults=true&limit=200${q}`);
      assert.equal(r.status, 200, `${q}: ${r.text}`);
      return r.body.data.map((p: any) => p.date);
    };
    const thisYear = (await dates('')).filter((d: string) => !d.startsWith(String(year)));
    assert.deepEqual(thisYear, [], 'no dates: the current year only');
    assert.ok((await dates('')).length > 0);
    assert.deepEqual(
      await dates('&date_from=2025-12-30&employee_ids[]=' + w.halfTime),
      ['2025-12-30', '2025-12-31'],
      'date_from alone: to the end of its year',
    );
    assert.deepEqual(
      await dates('&date_to=2026-01-01&employee_ids[]=' + w.halfTime),
      ['2026-01-01'],
      'date_to alone: from 1 January of its year',
    );
  });

  test('a page of include_defaults is the same slice of the merged list, whatever the page size (stored and default entries interleaved)', async () => {
    const w = await planWorld(t());
    await standing(w, { start_date: '2026-03-02', end_date: '2026-03-27' });
    await standing(w, {
      employee_id: w.halfTime,
      kind: 1,
      planning: 2,
      start_date: '2026-03-02',
      end_date: '2026-03-27',
    });
    const other = await w.addProject();
    for (const date of ['2026-03-03', '2026-03-10', '2026-03-11', '2026-03-24']) await w.planned({ date, planning: 1 }); // replaces the default that day
    for (const date of ['2026-03-04', '2026-03-10', '2026-03-26'])
      await w.planned({ date, project_id: other.projectId, planning: 1 }); // beside it
    const query = '/plannings?include_defaults=true&date_from=2026-03-01&date_to=2026-03-31';
    const whole = (await w.c.get(`${query}&limit=200`)).body;
    assert.equal(whole.meta.total, whole.data.length);
    assert.equal(
      whole.meta.total,
      2 * 20 - 4 + 4 + 3,
      'two defaults of 20 working days, four replaced by explicit entries, seven explicit entries',
    );
    for (const limit of [1, 3, 7, 15, 40]) {
      const pages: string[] = [];
      for (let page = 1; page <= Math.ceil(whole.meta.total / limit) + 1; page++) {
        const r = await w.c.get(`${query}&limit=${limit}&page=${page}`);
        assert.equal(r.body.meta.total, whole.meta.total);
        pages.push(...r.body.data.map((p: any) => p.id));
      }
      assert.deepEqual(
        pages,
        whole.data.map((p: any) => p.id),
        `limit ${limit}`,
      );
    }
    assert.deepEqual((await w.c.get(`${query}&limit=15&page=99`)).body.data, [], 'a page past the end is empty');
  });
});
