// GET /month-closings/overview (zeitkonto extension): each employee employed in the month with the same target and
// booked hours their own days answer gives, the missing days, and the closings; not for own-rows callers; bad
// months are 422; another tenant's employees never appear.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createToken } from '../../../src/tenancy/tokens.js';
import { forEachDialect } from '../../support/app.js';
import { absenceWorld } from '../../support/absences.js';
import { addHoliday } from '../../support/booking-world.js';

forEachDialect('a month’s overview', (t) => {
  test('target and booked hours as the days answer sums them, missing days, closings, who is listed', async () => {
    const w = await absenceWorld(t());
    await addHoliday(w, '2026-03-02', 'Full');
    await w.absence({ absence_reason_id: 'KR', start_date: '2026-03-04' });
    assert.equal((await w.book({ date: '2026-03-06', from: '09:00', to: '12:30' })).status, 201);
    assert.equal((await w.book({ date: '2026-03-09', from: '09:00', to: '10:00' })).status, 201);
    const partTime = await w.addEmployee({ periods: [['2026-03-16', null]] });
    const gone = await w.addEmployee({ periods: [['2025-01-01', '2026-02-28']] });
    const closed = await w.c.post('/month-closings', { month: '2026-03', employee_id: partTime });
    assert.equal(closed.status, 201, closed.text);

    const r = await w.c.get('/month-closings/overview?month=2026-03');
    assert.equal(r.status, 200, r.text);
    const { data } = r.body;
    assert.equal(data.month, '2026-03');
    assert.equal(data.closing_id, null);
    const listed = data.employees.map((e: any) => e.employee_id);
    assert.ok(listed.includes(w.employee) && listed.includes(partTime), listed.join());
    assert.ok(!listed.includes(gone), 'not employed in the month: not listed');
    for (const username of [w.employee, partTime]) {
      const days = (
        await w.c.get(`/employees/${encodeURIComponent(username)}/days?start_date=2026-03-01&end_date=2026-03-31`)
      ).body.data.days;
      const row = data.employees.find((e: any) => e.employee_id === username);
      const sum = (f: string) => Math.round(days.reduce((s: number, d: any) => s + d[f], 0) * 100) / 100;
      assert.equal(row.target_hours, sum('target_hours'), `${username}: target as their days`);
      assert.equal(row.booked_hours, sum('booked_hours'), `${username}: booked as their days`);
      assert.deepEqual(
        row.missing_days,
        days
          .filter((d: any) => d.target_hours > 0 && d.booked_hours === 0 && !d.absences.length && !d.holiday)
          .map((d: any) => d.date),
      );
    }
    const mine = data.employees.find((e: any) => e.employee_id === w.employee);
    assert.equal(mine.booked_hours, 4.5);
    assert.ok(!mine.missing_days.includes('2026-03-02'), 'a holiday is not missing');
    assert.ok(!mine.missing_days.includes('2026-03-04'), 'a sick day is not missing');
    assert.ok(mine.missing_days.includes('2026-03-05'));
    assert.equal(mine.closing_id, null);
    assert.equal(data.employees.find((e: any) => e.employee_id === partTime).closing_id, closed.body.data.id);

    const all = await w.c.post('/month-closings', { month: '2026-03' });
    assert.equal((await w.c.get('/month-closings/overview?month=2026-03')).body.data.closing_id, all.body.data.id);
  });

  test('a User may not read it; a bad month is 422; another tenant sees only its own employees', async () => {
    const w = await absenceWorld(t());
    const user = t().client(
      w.c.tenant,
      (await createToken(t().database.db, w.c.tenant.id, { employeeId: w.employee })).token,
    );
    const refused = await user.get('/month-closings/overview?month=2026-03');
    assert.equal(refused.status, 403, refused.text);
    for (const month of ['2026-13', '2026-3', ''])
      assert.equal((await w.c.get(`/month-closings/overview?month=${month}`)).status, 422, month);
    assert.equal((await w.c.get('/month-closings/overview')).status, 422);
    const other = await absenceWorld(t());
    const theirs = (await other.c.get('/month-closings/overview?month=2026-03')).body.data.employees;
    const people = new Set((await other.c.get('/employees?limit=200')).body.data.map((e: any) => e.username));
    assert.ok(theirs.length > 0);
    assert.ok(
      theirs.every((e: any) => people.has(e.employee_id)),
      'only the tenant’s own employees',
    );
  });
});
