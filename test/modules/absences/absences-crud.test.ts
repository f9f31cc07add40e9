// POST/GET/PATCH/DELETE /absences and GET /employees/{username}/absences: shapes (docs/api/absences.md), both request
// variants, the list window, the employee's list and absences_count.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { absenceWorld } from '../../support/absences.js';

forEachDialect('absences: records', (t) => {
  test('POST (current body) answers 201 with the live shape, the reason embedded and no application without approval', async () => {
    const w = await absenceWorld(t());
    const r = await w.absent({
      start_date: '2026-03-09',
      end_date: '2026-03-13',
      note: 'Flu',
      timezone: 'Europe/Berlin',
      type: 1,
    });
    assert.equal(r.status, 201, r.text);
    const a = r.body.data;
    assert.deepEqual(Object.keys(a), [
      'id',
      'employee_id',
      'type',
      'start_date',
      'end_date',
      'hours',
      'from',
      'to',
      'note',
      'approved',
      'timezone',
      'created',
      'modified',
      'created_by',
      'modified_by',
      'absence_reason_id',
      'half_day_from',
      'half_day_to',
      'absenceReason',
      'leaveApprovalApplication',
    ]);
    assert.deepEqual(
      [
        a.employee_id,
        a.type,
        a.start_date,
        a.end_date,
        a.hours,
        a.from,
        a.to,
        a.note,
        a.approved,
        a.timezone,
        a.absence_reason_id,
      ],
      [
        w.employee,
        0,
        '2026-03-09T00:00:00.000000Z',
        '2026-03-13T00:00:00.000000Z',
        null,
        null,
        null,
        'Flu',
        true,
        'Europe/Berlin',
        'KR',
      ],
    );
    assert.match(a.created, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000000Z$/);
    assert.deepEqual(a.absenceReason, (await w.c.get('/absence-reasons/KR')).body.data);
    assert.equal(a.leaveApprovalApplication, null);
    assert.deepEqual((await w.c.get(`/absences/${a.id}`)).body.data, a);
  });

  test('a reason with approval starts a leave request: approved false, an application with the live formats', async () => {
    const w = await absenceWorld(t());
    const a = await w.absence({
      absence_reason_id: 'UB',
      start_date: '2026-03-09',
      end_date: '2026-03-13',
      note: 'Skiing',
    });
    assert.equal(a.approved, false);
    const app = a.leaveApprovalApplication;
    assert.deepEqual(Object.keys(app), [
      'id',
      'employee_id',
      'requested_at',
      'number_of_days',
      'start_date',
      'end_date',
      'note',
      'status',
      'recipient',
      'recipient_cc',
      'recipient_bcc',
      'status_edited_since',
      'status_edited_by',
      'status_note',
      'absence_text',
    ]);
    assert.match(app.requested_at, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    assert.deepEqual(
      [app.employee_id, app.number_of_days, app.start_date, app.end_date, app.status, app.status_edited_since],
      [w.employee, '5.0000000000', '2026-03-09', '2026-03-13', { id: 0, name: 'beantragt' }, null],
    );
  });

  test('number_of_days counts working days: weekends and holidays out, a half-day holiday and a half day as 0.5', async () => {
    const w = await absenceWorld(t());
    const cal = (await w.c.get('/holiday-calendars')).body.data[0];
    await w.c.post(`/holiday-calendars/${cal.id}/holidays`, {
      date: '2026-12-24',
      name: 'Heiligabend',
      half_day: true,
    });
    await w.c.post(`/holiday-calendars/${cal.id}/holidays`, { date: '2026-12-25', name: 'Weihnachten' });
    // Mon 21 … Sun 27: Mon–Wed 3, Thu half holiday 0.5, Fri holiday, weekend; the last day (Wed 23) only half.
    const a = await w.absence({ absence_reason_id: 'UB', start_date: '2026-12-21', end_date: '2026-12-27' });
    assert.equal(a.leaveApprovalApplication.number_of_days, '3.5000000000');
    const half = await w.absence({
      absence_reason_id: 'UB',
      start_date: '2026-03-02',
      end_date: '2026-03-04',
      half_day_to: true,
    });
    assert.equal(half.leaveApprovalApplication.number_of_days, '2.5000000000');
    assert.deepEqual([half.type, half.half_day_from, half.half_day_to], [0, false, true]);
    const single = await w.absence({
      absence_reason_id: 'UB',
      start_date: '2026-03-06',
      half_day_from: true,
      half_day_to: true,
    });
    assert.deepEqual(
      [
        single.type,
        single.end_date,
        single.half_day_from,
        single.half_day_to,
        single.leaveApprovalApplication.number_of_days,
      ],
      [1, '2026-03-06T00:00:00.000000Z', true, false, '0.5000000000'],
    );
    const hourly = await w.absence({ absence_reason_id: 'UB', start_date: '2026-03-05', type: 2, hours: 2 });
    assert.deepEqual(
      [hourly.type, hourly.hours, hourly.leaveApprovalApplication.number_of_days],
      [2, '2.0000000000', '0.2500000000'],
    );
  });

  test('the legacy body: from/to dates, comment, half_day_from, approval_status; days ignored', async () => {
    const w = await absenceWorld(t());
    const r = await w.c.post('/absences', {
      employee_id: w.employee,
      absence_reason_id: 'UB',
      from: '2026-04-13',
      to: '2026-04-15',
      days: 99,
      half_day_from: true,
      comment: 'Legacy',
      approval_status: 'approved',
      approved_by: w.employee,
    });
    assert.equal(r.status, 201, r.text);
    const a = r.body.data;
    assert.deepEqual(
      [a.start_date, a.end_date, a.note, a.approved, a.half_day_from, a.from, a.to],
      ['2026-04-13T00:00:00.000000Z', '2026-04-15T00:00:00.000000Z', 'Legacy', true, true, null, null],
    );
    const app = a.leaveApprovalApplication;
    assert.deepEqual(
      [app.number_of_days, app.status, app.status_edited_by],
      ['2.5000000000', { id: 1, name: 'genehmigt' }, w.employee],
    );
    assert.match(app.status_edited_since, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const pending = await w.c.post('/absences', {
      employee_id: w.employee,
      absence_reason_id: 'KR',
      from: '2026-04-20',
      to: '2026-04-20',
      approval_status: 'pending',
    });
    assert.deepEqual(
      [pending.status, pending.body.data.approved, pending.body.data.leaveApprovalApplication?.status.id],
      [201, false, 0],
    );
    const hourly = await w.c.post('/absences', {
      employee_id: w.employee,
      absence_reason_id: 'KR',
      start_date: '2026-04-21',
      from: '09:00',
      to: '11:30',
    });
    assert.deepEqual(
      [hourly.status, hourly.body.data.type, hourly.body.data.hours, hourly.body.data.from, hourly.body.data.to],
      [201, 2, '2.5000000000', '09:00:00', '11:30:00'],
      hourly.text,
    );
  });

  test('planned: true on a reason without approval: not approved, no application', async () => {
    const w = await absenceWorld(t());
    const a = await w.absence({ planned: true });
    assert.deepEqual([a.approved, a.leaveApprovalApplication], [false, null]);
  });

  test('GET /absences lists only absences entirely inside the window; employee_id filters; an empty date is 422', async () => {
    const w = await absenceWorld(t());
    const other = await w.addEmployee();
    const week = await w.absence({ start_date: '2026-06-22', end_date: '2026-06-26' });
    const day = await w.absence({ start_date: '2026-06-29' });
    const theirs = await w.absence({ employee_id: other, start_date: '2026-06-23' });
    const ids = async (query: string) => (await w.c.get(`/absences?${query}`)).body.data.map((a: any) => a.id);
    assert.deepEqual(await ids('start_date=2026-06-22&end_date=2026-06-26'), [week.id, theirs.id]);
    assert.deepEqual(await ids('start_date=2026-06-23&end_date=2026-06-26'), [theirs.id], 'start clipped');
    assert.deepEqual(await ids('start_date=2026-06-22&end_date=2026-06-25'), [theirs.id], 'end clipped');
    assert.deepEqual(await ids('start_date=2026-06-23&end_date=2026-06-23'), [theirs.id], 'an inner day');
    assert.deepEqual(await ids(`employee_id=${w.employee}`), [week.id, day.id]);
    assert.deepEqual(await ids(`employee_id=${w.employee}&start_date=2026-06-23`), [day.id]);
    assert.deepEqual(await ids('end_date=2026-06-28'), [week.id, theirs.id]);
    for (const q of ['start_date=', 'end_date=', 'start_date=2026-06-22T00:00:00']) {
      const r = await w.c.get(`/absences?${q}`);
      assert.equal(r.status, 422, q);
      assert.deepEqual(Object.keys(r.body.errors), [q.split('=')[0]]);
    }
    const list = (await w.c.get('/absences')).body.data[0];
    assert.ok(list.absenceReason && 'leaveApprovalApplication' in list);
  });

  test('GET /employees/{username}/absences: the same records without reason and application; unknown username 404', async () => {
    const w = await absenceWorld(t());
    const a = await w.absence({ absence_reason_id: 'UB', note: 'Ski' });
    const r = await w.c.get(`/employees/${encodeURIComponent(w.employee)}/absences`);
    assert.equal(r.status, 200);
    const { absenceReason, leaveApprovalApplication, ...plain } = a;
    assert.ok(absenceReason && leaveApprovalApplication);
    assert.deepEqual(r.body.data, [plain]);
    assert.equal(r.body.meta.total, 1);
    assert.equal((await w.c.get('/employees/nobody/absences')).status, 404);
  });

  test('GET /employees/{username}/absences as OpenAPI 7.4.0 and the live capture: note "" when none, the tenant\'s zone, hours a number', async () => {
    const w = await absenceWorld(t());
    const full = await w.absence({ start_date: '2026-03-10' });
    const hourly = await w.absence({
      start_date: '2026-03-11',
      type: 2,
      from: '09:00',
      to: '11:30',
      timezone: 'America/New_York',
    });
    const list = async () =>
      (await w.c.get(`/employees/${encodeURIComponent(w.employee)}/absences`)).body.data.map((x: any) => [
        x.id,
        x.note,
        x.timezone,
        x.hours,
      ]);
    assert.deepEqual(await list(), [
      [full.id, '', 'Europe/Berlin', null],
      [hourly.id, '', 'America/New_York', 2.5],
    ]);
    // /absences keeps its own formats (a decimal string, null for no note) and shows the same zone.
    const detail = (await w.c.get(`/absences/${full.id}`)).body.data;
    assert.deepEqual(
      [detail.note, detail.timezone, (await w.c.get(`/absences/${hourly.id}`)).body.data.hours],
      [null, 'Europe/Berlin', '2.5000000000'],
    );
    await w.c.update({ settings: { timezone: 'Europe/Vienna' } });
    assert.deepEqual(
      (await list()).map((x: unknown[]) => x[2]),
      ['Europe/Vienna', 'America/New_York'],
      "the tenant's zone, where the absence has none",
    );
  });

  test('the employee detail carries absences_count, the list items do not', async () => {
    const w = await absenceWorld(t());
    await w.absence({ start_date: '2026-03-10' });
    await w.absence({ start_date: '2026-03-11' });
    const detail = (await w.c.get(`/employees/${encodeURIComponent(w.employee)}`)).body.data;
    assert.equal(detail.absences_count, 2);
    const item = (await w.c.get('/employees')).body.data.find((e: any) => e.username === w.employee);
    assert.ok(!('absences_count' in item));
  });

  test('PATCH changes only submitted fields (PUT alike); DELETE removes the absence and its application', async () => {
    const w = await absenceWorld(t());
    const a = await w.absence({ absence_reason_id: 'UB', start_date: '2026-03-09', end_date: '2026-03-10' });
    const patched = await w.c.patch(`/absences/${a.id}`, { end_date: '2026-03-11', note: 'longer' });
    assert.equal(patched.status, 200, patched.text);
    assert.deepEqual(
      [patched.body.data.end_date, patched.body.data.note, patched.body.data.absence_reason_id],
      ['2026-03-11T00:00:00.000000Z', 'longer', 'UB'],
    );
    assert.deepEqual(
      [patched.body.data.leaveApprovalApplication.number_of_days, patched.body.data.leaveApprovalApplication.end_date],
      ['3.0000000000', '2026-03-11'],
    );
    const put = await w.c.put(`/absences/${a.id}`, { note: null });
    assert.deepEqual(
      [put.status, put.body.data.note, put.body.data.end_date],
      [200, null, '2026-03-11T00:00:00.000000Z'],
    );
    assert.equal((await w.c.delete(`/absences/${a.id}`)).status, 204);
    assert.equal((await w.c.get(`/absences/${a.id}`)).status, 404);
    assert.equal((await w.c.delete(`/absences/${a.id}`)).status, 404);
    const rows = await (t().database.db as any)
      .selectFrom('leave_approval_applications')
      .select('id')
      .where('tenant_id', '=', w.c.tenant.id)
      .execute();
    assert.deepEqual(rows, []);
  });

  test('an absence reason in use cannot be deleted; a rename follows into its absences', async () => {
    const w = await absenceWorld(t());
    const a = await w.absence();
    const refused = await w.c.delete('/absence-reasons/KR');
    assert.deepEqual([refused.status, Object.keys(refused.body.errors)], [422, ['name']]);
    assert.equal((await w.c.patch('/absence-reasons/KR', { name: 'KRANK' })).status, 200);
    assert.equal((await w.c.get(`/absences/${a.id}`)).body.data.absence_reason_id, 'KRANK');
  });

  test('clock edition: 404 as everywhere', async () => {
    const w = await absenceWorld(t());
    await w.c.update({ edition: 'clock' });
    assert.equal((await w.c.get('/absences')).status, 404);
    assert.equal((await w.absent()).status, 404);
  });
});
