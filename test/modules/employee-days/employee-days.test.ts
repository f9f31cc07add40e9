// GET /employees/{username}/days (zeitkonto extension): per day the target hours of the working time, holidays,
// absences (approved or requested, full, half, hours), booked hours and the lock rules' reason; the assigned
// projects; own rows for Users; bad ranges are 422.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addDays, today } from '../../../src/values/formats.js';
import { createToken } from '../../../src/tenancy/tokens.js';
import { forEachDialect } from '../../support/app.js';
import { absenceWorld } from '../../support/absences.js';
import { addHoliday } from '../../support/booking-world.js';

const daysOf = (username: string, from: string, to: string) =>
  `/employees/${encodeURIComponent(username)}/days?start_date=${from}&end_date=${to}`;

forEachDialect('an employee’s days', (t) => {
  test('target hours, holidays, absences and booked hours of each day; the assigned projects', async () => {
    const w = await absenceWorld(t());
    await addHoliday(w, '2026-03-02', 'Full');
    await addHoliday(w, '2026-03-03', 'Half', true);
    await w.absence({ absence_reason_id: 'KR', start_date: '2026-03-04' });
    await w.absence({ absence_reason_id: 'KR', start_date: '2026-03-05', half_day_from: true });
    await w.absence({ absence_reason_id: 'UB', start_date: '2026-03-06' }); // requested, not approved
    assert.equal((await w.book({ date: '2026-03-06', from: '09:00', to: '12:30' })).status, 201);
    assert.equal((await w.book({ date: '2026-03-06', from: '13:00', to: '14:00' })).status, 201);
    assert.equal((await w.c.post(`/projects/${w.projectId}/employees`, { employee_id: w.employee })).status, 201);

    const r = await w.c.get(daysOf(w.employee, '2026-03-02', '2026-03-08'));
    assert.equal(r.status, 200, r.text);
    const { data } = r.body;
    assert.equal(data.employee_id, w.employee);
    assert.deepEqual(
      data.days.map((d: any) => [d.date, d.working_day, d.scheduled_hours, d.target_hours, d.booked_hours]),
      [
        ['2026-03-02', true, 8, 0, 0],
        ['2026-03-03', true, 8, 4, 0],
        ['2026-03-04', true, 8, 0, 0],
        ['2026-03-05', true, 8, 4, 0],
        ['2026-03-06', true, 8, 8, 4.5],
        ['2026-03-07', false, 0, 0, 0],
        ['2026-03-08', false, 0, 0, 0],
      ],
    );
    const [mon, tue, wed, thu, fri] = data.days;
    assert.deepEqual(mon.holiday, { name: 'Full', half_day: false });
    assert.deepEqual(tue.holiday, { name: 'Half', half_day: true });
    assert.deepEqual(
      [wed, thu, fri].map((d: any) => d.absences.map((a: any) => [a.absence_reason_id, a.portion, a.approved])),
      [[['KR', 'full', true]], [['KR', 'half', true]], [['UB', 'full', false]]],
    );
    assert.ok(data.days.every((d: any) => d.employed && d.locked === null));
    assert.equal(data.projects.length, 1);
    assert.equal(data.projects[0].id, w.projectId);
    assert.deepEqual(Object.keys(data.projects[0].default_billability), ['id', 'name']);
  });

  test('locked days name their rule: a closed month, the approval date, the recording period', async () => {
    const w = await absenceWorld(t());
    assert.equal((await w.c.post('/month-closings', { month: '2026-02' })).status, 201);
    const r = await w.c.get(daysOf(w.employee, '2026-02-27', '2026-03-02'));
    assert.deepEqual(
      r.body.data.days.map((d: any) => [d.date, d.locked?.rule ?? null]),
      [
        ['2026-02-27', 'closed_month'],
        ['2026-02-28', 'closed_month'],
        ['2026-03-01', null],
        ['2026-03-02', null],
      ],
    );
    assert.match(r.body.data.days[0].locked.message, /2026-02 is closed for the whole company/);

    assert.equal((await w.c.patch('/booking-settings', { recording_days_back: 3 })).status, 200);
    const now = today();
    const recent = await w.c.get(daysOf(w.employee, addDays(now, -4), addDays(now, -3)));
    assert.deepEqual(
      recent.body.data.days.map((d: any) => d.locked?.rule ?? null),
      [addDays(now, -4).slice(0, 7) === '2026-02' ? 'closed_month' : 'recording_period', null],
    );
  });

  test('a User reads their own days, not a colleague’s; unknown employees 404; bad ranges 422', async () => {
    const w = await absenceWorld(t());
    const colleague = await w.addEmployee();
    const me = t().client(
      w.c.tenant,
      (await createToken(t().database.db, w.c.tenant.id, { employeeId: w.employee })).token,
    );
    assert.equal((await me.get(daysOf(w.employee, '2026-03-02', '2026-03-08'))).status, 200);
    const theirs = await me.get(daysOf(colleague, '2026-03-02', '2026-03-08'));
    assert.ok([403, 404].includes(theirs.status), theirs.text);
    assert.equal((await w.c.get(daysOf(colleague, '2026-03-02', '2026-03-08'))).status, 200);
    assert.equal((await w.c.get(daysOf('nobody', '2026-03-02', '2026-03-08'))).status, 404);
    const backwards = await w.c.get(daysOf(w.employee, '2026-03-08', '2026-03-02'));
    assert.equal(backwards.status, 422);
    assert.ok(backwards.body.errors.end_date);
    const long = await w.c.get(daysOf(w.employee, '2026-01-01', '2027-03-01'));
    assert.equal(long.status, 422);
    assert.match(long.body.errors.end_date[0], /at most 400 days/);
    const week = await w.c.get(`/employees/${w.employee}/days`);
    assert.equal(week.status, 200, 'this week by default');
    assert.equal(week.body.data.days.length, 7);
    assert.equal(new Date(`${week.body.data.start_date}T00:00:00Z`).getUTCDay(), 1, 'from Monday');
  });
});
