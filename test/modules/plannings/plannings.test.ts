// GET/POST/PATCH/DELETE /plannings: the contract's read shape, every conversion (hours, percentage, day, time range;
// a half-time employee, a weekend, a holiday, an approved absence), the filters and the write checks.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { addHoliday } from '../../support/booking-world.js';
import { expectFieldErrors } from '../../support/expect.js';
import { planWorld } from '../../support/plannings.js';
import { createTicket } from '../../support/projects.js';

const amounts = (p: any) => [p.planning, p.planning_in_hours, p.planning_in_days, p.planning_in_percent, p.working_day];

forEachDialect('plannings: entries', (t) => {
  test('POST answers 201 with the contract shape: string id, integer type/kind/working_day, numbers, loaded relations', async () => {
    const w = await planWorld(t());
    const p = await w.planned({ note: 'Kick-off' });
    assert.deepEqual(Object.keys(p), [
      'id',
      'date',
      'employee_id',
      'project_id',
      'project_task_id',
      'ticket_id',
      'subtask_id',
      'customer_number',
      'type',
      'kind',
      'planning',
      'from',
      'to',
      'planning_in_hours',
      'planning_in_days',
      'planning_in_percent',
      'working_day',
      'note',
      'created_at',
      'updated_at',
      'created_by',
      'modified_by',
      'planning_details',
      'employee',
      'project',
      'customer',
    ]);
    assert.equal(typeof p.id, 'string');
    assert.match(p.id, /^\d+$/);
    assert.deepEqual(
      [p.date, p.employee_id, p.project_id, p.project_task_id, p.customer_number, p.type, p.kind, p.from, p.to, p.note],
      ['2026-03-10', w.employee, w.projectId, null, w.customer, 0, 1, null, null, 'Kick-off'],
    );
    assert.deepEqual(amounts(p), [8, 8, 1, 100, 1]);
    // The contract's date-time with offset (the offset form the API writes, as for calculated_at).
    assert.match(p.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    assert.match(p.updated_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    assert.deepEqual(p.planning_details, {
      type: 'hours',
      value: 8,
      unit: 'hours',
      effective_hours: 8,
      from_time: null,
      to_time: null,
    });
    assert.deepEqual(p.employee, { username: w.employee, firstname: 'Max', lastname: 'Mustermann', email: null });
    assert.equal(p.project.id, w.projectId);
    assert.deepEqual(p.customer, { customer_number: w.customer, name: 'ACME' });
    assert.deepEqual((await w.c.get(`/plannings/${p.id}`)).body.data, p);
  });

  test('conversions: percentage, day and time range against an 8-hour day', async () => {
    const w = await planWorld(t());
    const pct = await w.planned({ kind: 0, planning: 50 });
    assert.deepEqual(amounts(pct), [50, 4, 0.5, 50, 1]);
    assert.deepEqual(pct.planning_details, {
      type: 'percentage',
      value: 50,
      unit: 'percent',
      effective_hours: 4,
      from_time: null,
      to_time: null,
    });
    const day = await w.planned({ kind: 2, planning: 0.25 });
    assert.deepEqual(amounts(day), [0.25, 2, 0.25, 25, 1]);
    assert.equal(day.planning_details.unit, 'days');
    const range = await w.planned({ kind: 3, planning: undefined, from: '09:00', to: '12:30:00' });
    assert.deepEqual(amounts(range), [null, 3.5, 0.4375, 43.75, 1]);
    assert.deepEqual([range.from, range.to], ['2026-03-10T09:00:00.000000Z', '2026-03-10T12:30:00.000000Z']);
    assert.deepEqual(range.planning_details, {
      type: 'time_range',
      value: 3.5,
      unit: 'hours',
      effective_hours: 3.5,
      from_time: range.from,
      to_time: range.to,
    });
    const dateTimes = await w.planned({ kind: 3, from: '2026-03-10T13:00:00Z', to: '2026-03-10 17:00' });
    assert.equal(dateTimes.planning_in_hours, 4);
  });

  test('a half-time employee: the same amounts convert against a 4-hour day', async () => {
    const w = await planWorld(t());
    const pct = await w.planned({ employee_id: w.halfTime, kind: 0, planning: 50 });
    assert.deepEqual(amounts(pct), [50, 2, 0.5, 50, 1]);
    const hours = await w.planned({ employee_id: w.halfTime, kind: 1, planning: 4 });
    assert.deepEqual(amounts(hours), [4, 4, 1, 100, 1]);
    const day = await w.planned({ employee_id: w.halfTime, kind: 2, planning: 1 });
    assert.deepEqual(amounts(day), [1, 4, 1, 100, 1]);
  });

  test('a weekend: no target, so days and percent are null and it is no working day', async () => {
    const w = await planWorld(t());
    const hours = await w.planned({ date: '2026-03-14', planning: 2 });
    assert.deepEqual(amounts(hours), [2, 2, null, null, 0]);
    const pct = await w.planned({ date: '2026-03-15', kind: 0, planning: 50 });
    assert.deepEqual(amounts(pct), [50, 0, null, null, 0]);
  });

  test('a public holiday and an approved full-day absence are no working days; the regular working time still converts', async () => {
    const w = await planWorld(t());
    await addHoliday(w, '2026-04-03', 'Karfreitag');
    await addHoliday(w, '2026-12-24', 'Heiligabend', true);
    assert.deepEqual(amounts(await w.planned({ date: '2026-04-03', kind: 0, planning: 50 })), [50, 4, 0.5, 50, 0]);
    assert.equal((await w.planned({ date: '2026-12-24' })).working_day, 1, 'a half-day holiday is still a working day');
    await w.absence({ absence_reason_id: 'KR', start_date: '2026-03-11' });
    assert.deepEqual(amounts(await w.planned({ date: '2026-03-11' })), [8, 8, 1, 100, 0]);
    await w.absence({ absence_reason_id: 'UB', start_date: '2026-03-12' });
    assert.equal(
      (await w.planned({ date: '2026-03-12' })).working_day,
      1,
      'a leave request not yet approved does not make the day free',
    );
    await w.absence({ absence_reason_id: 'KR', start_date: '2026-03-13', half_day_from: true });
    assert.equal((await w.planned({ date: '2026-03-13' })).working_day, 1, 'a half-day absence leaves a working day');
  });

  test('type follows the most specific id; task, ticket and subtask must belong together', async () => {
    const w = await planWorld(t());
    const ticket = await createTicket(w.c, { project_id: w.projectId, project_task_id: w.taskId }, w.employee);
    const sub = await w.c.post(`/tickets/${ticket.id}/subtasks`, {
      subject: 'Sub',
      name: 'Sub',
      status: 1,
      creator_username: w.employee,
    });
    assert.equal(sub.status, 201, sub.text);
    assert.deepEqual(
      [(await w.planned({ project_task_id: w.taskId })).type, (await w.planned({ ticket_id: ticket.id })).type],
      [1, 2],
    );
    const s = await w.planned({ subtask_id: sub.body.data.id });
    assert.deepEqual([s.type, s.subtask_id], [3, sub.body.data.id]);
    const other = await w.addProject();
    const path = '/plannings';
    const base = { employee_id: w.employee, date: '2026-03-10', project_id: other.projectId, planning: 1 };
    await expectFieldErrors(w.c, 'POST', path, [
      [{ ...base, project_task_id: w.taskId }, 'project_task_id'],
      [{ ...base, ticket_id: ticket.id }, 'ticket_id'],
      [{ ...base, subtask_id: sub.body.data.id }, 'subtask_id'],
      [{ ...base, project_id: w.projectId, ticket_id: ticket.id, subtask_id: 999999 }, 'subtask_id'],
      [{ ...base, type: 1 }, 'project_task_id'],
      [{ ...base, type: 3 }, 'subtask_id'],
      [{ ...base, employee_id: 'nobody' }, 'employee_id'],
      [{ ...base, project_id: 999999 }, 'project_id'],
    ]);
  });

  test('amounts and time ranges are checked: 422 on the field, nothing written', async () => {
    const w = await planWorld(t());
    const base = { employee_id: w.employee, date: '2026-03-10', project_id: w.projectId };
    await expectFieldErrors(w.c, 'POST', '/plannings', [
      [{ ...base, kind: 1, planning: -1 }, 'planning'],
      [{ ...base, kind: 1 }, 'planning'],
      [{ ...base, kind: 1, planning: 25 }, 'planning'],
      [{ ...base, kind: 9, planning: 1 }, 'kind'],
      [{ ...base, kind: 3, from: '12:00', to: '09:00' }, 'to'],
      [{ ...base, kind: 3, from: '12:00', to: '12:00' }, 'to'],
      [{ ...base, kind: 3, from: '09:00' }, 'to'],
      [{ ...base, kind: 3, from: '2026-03-11T09:00:00Z', to: '10:00' }, 'from'],
      [{ ...base, kind: 3, from: '9 Uhr', to: '10:00' }, 'from'],
      [{ ...base, kind: 1, planning: 2, from: '09:00' }, 'from'],
      [{ ...base, date: '', planning: 1 }, 'date'],
    ]);
    assert.equal((await w.c.get('/plannings')).body.meta.total, 0);
  });

  test('a date range creates one entry per working day of the employee (weekends, holidays, absences left out)', async () => {
    const w = await planWorld(t());
    await addHoliday(w, '2026-04-06', 'Ostermontag');
    await w.absence({ absence_reason_id: 'KR', start_date: '2026-04-08' });
    const r = await w.c.post('/plannings/range', {
      employee_id: w.employee,
      project_id: w.projectId,
      date: '2026-04-03',
      date_to: '2026-04-12',
      kind: 0,
      planning: 50,
    });
    assert.equal(r.status, 201, r.text);
    assert.deepEqual(
      r.body.data.map((p: any) => p.date),
      ['2026-04-03', '2026-04-07', '2026-04-09', '2026-04-10'],
    );
    assert.ok(r.body.data.every((p: any) => p.planning_in_hours === 4 && p.working_day === 1));
    // Each entry is reported to the change feed.
    const feed = (await w.c.get('/changes?limit=200')).body.data.filter(
      (ch: any) => ch.type === 'plannings' && ch.op === 'create',
    );
    assert.deepEqual(
      feed.map((ch: any) => ch.key),
      r.body.data.map((p: any) => String(p.id)),
    );
    await expectFieldErrors(w.c, 'POST', '/plannings/range', [
      [
        { employee_id: w.employee, project_id: w.projectId, planning: 1, date: '2026-04-11', date_to: '2026-04-12' },
        'date_to',
      ],
      [
        { employee_id: w.employee, project_id: w.projectId, planning: 1, date: '2026-04-11', date_to: '2026-04-10' },
        'date_to',
      ],
      [
        { employee_id: w.employee, project_id: w.projectId, planning: 1, date: '2026-01-01', date_to: '2027-01-02' },
        'date_to',
      ],
    ]);
  });

  test('one shape per operation: POST /plannings answers {data: entry}; a date_to there is 422 (a range is POST /plannings/range)', async () => {
    const w = await planWorld(t());
    const one = await w.plan({ date: '2026-04-07' });
    assert.equal(one.status, 201, one.text);
    assert.ok(!Array.isArray(one.body.data) && one.body.data.date === '2026-04-07');
    await expectFieldErrors(w.c, 'POST', '/plannings', [
      [
        { employee_id: w.employee, project_id: w.projectId, planning: 1, date: '2026-04-07', date_to: '2026-04-09' },
        'date_to',
      ],
    ]);
    assert.equal((await w.c.get('/plannings')).body.meta.total, 1, 'nothing written by the refused range');
    const range = await w.c.post('/plannings/range', {
      employee_id: w.employee,
      project_id: w.projectId,
      planning: 1,
      date: '2026-04-08',
      date_to: '2026-04-08',
    });
    assert.deepEqual(
      [range.status, Array.isArray(range.body.data), range.body.data.length],
      [201, true, 1],
      'a one-day range is still a list',
    );
    await expectFieldErrors(w.c, 'POST', '/plannings/range', [
      [{ employee_id: w.employee, project_id: w.projectId, planning: 1, date: '2026-04-08' }, 'date_to'],
    ]);
  });

  test('PATCH changes only what is sent (PUT too), switches kinds and re-checks; DELETE answers 204 then 404', async () => {
    const w = await planWorld(t());
    const p = await w.planned({ note: 'keep' });
    const r = await w.c.patch(`/plannings/${p.id}`, { kind: 3, from: '08:00', to: '10:00' });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(
      [r.body.data.kind, r.body.data.planning, r.body.data.planning_in_hours, r.body.data.note],
      [3, null, 2, 'keep'],
    );
    const back = await w.c.put(`/plannings/${p.id}`, { kind: 0, planning: 25 });
    assert.equal(back.status, 200, back.text);
    assert.deepEqual([back.body.data.from, back.body.data.planning_in_hours], [null, 2]);
    const moved = await w.c.patch(`/plannings/${p.id}`, { date: '2026-03-14' });
    assert.deepEqual(
      [moved.body.data.date, moved.body.data.working_day, moved.body.data.planning_in_hours],
      ['2026-03-14', 0, 0],
    );
    await expectFieldErrors(w.c, 'PATCH', `/plannings/${p.id}`, [
      [{ project_task_id: 999999 }, 'project_task_id'],
      [{ kind: 1 }, 'planning'],
      [{ kind: 3, from: '10:00' }, 'to'],
    ]);
    assert.equal((await w.c.delete(`/plannings/${p.id}`)).status, 204);
    assert.equal((await w.c.get(`/plannings/${p.id}`)).status, 404);
    assert.equal((await w.c.delete(`/plannings/${p.id}`)).status, 404);
    assert.equal((await w.c.patch('/plannings/999999', { note: 'x' })).status, 404);
  });
});

forEachDialect('plannings: list', (t) => {
  test('date order (date, employee, id) whatever orderBy says; date_from/date_to inclusive; an empty date is 422', async () => {
    const w = await planWorld(t());
    const a = await w.planned({ date: '2026-03-11' });
    const b = await w.planned({ date: '2026-03-10', employee_id: w.halfTime });
    const c = await w.planned({ date: '2026-03-10' });
    const d = await w.planned({ date: '2026-03-10' });
    const e = await w.planned({ date: '2026-03-12' });
    const expected = [c, d, b]
      .sort((x, y) => x.employee_id.localeCompare(y.employee_id) || Number(x.id) - Number(y.id))
      .map((p) => p.id);
    const all = await w.c.get('/plannings?orderBy=note&order=desc');
    assert.deepEqual(
      all.body.data.map((p: any) => p.id),
      [...expected, a.id, e.id],
    );
    const window = await w.c.get('/plannings?date_from=2026-03-11&date_to=2026-03-12');
    assert.deepEqual(
      window.body.data.map((p: any) => p.id),
      [a.id, e.id],
    );
    assert.equal((await w.c.get('/plannings?date_from=2026-03-11&date_to=2026-03-11')).body.meta.total, 1);
    for (const q of ['date_from=', 'date_to=', 'date_from=2026-13-01'])
      assert.equal((await w.c.get(`/plannings?${q}`)).status, 422, q);
    const page = await w.c.get('/plannings?limit=2&page=2');
    assert.deepEqual([page.body.meta.total, page.body.data.map((p: any) => p.id)], [5, [expected[2], a.id]]);
  });

  test('employee_ids[], project_ids[], customer_numbers[]: unknown ids match nothing', async () => {
    const w = await planWorld(t());
    const other = await w.addProject();
    const mine = await w.planned();
    const half = await w.planned({ employee_id: w.halfTime });
    const elsewhere = await w.planned({ project_id: other.projectId });
    const ids = async (q: string) => (await w.c.get(`/plannings?${q}`)).body.data.map((p: any) => p.id).sort();
    assert.deepEqual(await ids(`employee_ids[]=${w.halfTime}`), [half.id]);
    assert.deepEqual(
      await ids(`employee_ids[]=${w.halfTime}&employee_ids[]=${w.employee}`),
      [mine.id, half.id, elsewhere.id].sort(),
    );
    assert.deepEqual(await ids('employee_ids[]=nobody'), []);
    assert.deepEqual(await ids(`project_ids[]=${other.projectId}`), [elsewhere.id]);
    assert.deepEqual(await ids('project_ids[]=999999'), []);
    assert.deepEqual(await ids(`customer_numbers[]=${w.customer}`), [mine.id, half.id].sort());
    assert.deepEqual(await ids('customer_numbers[]=nope'), []);
    assert.equal((await w.c.get('/plannings?project_ids[]=abc')).status, 422);
    const other2 = await planWorld(t());
    assert.deepEqual((await other2.c.get('/plannings')).body.data, [], 'another tenant sees none of them');
  });
});
