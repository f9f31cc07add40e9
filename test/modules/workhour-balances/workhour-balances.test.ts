// GET /workhour-balances and /workhour-balances/{id}: booked hours against target hours (holidays, absences,
// employment periods), leave per year, list conventions.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addDays, today } from '../../../src/values/formats.js';
import { forTenant } from '../../../src/db/tenant-scope.js';
import { forEachDialect } from '../../support/app.js';
import { absenceWorld, type AbsenceWorld } from '../../support/absences.js';

const user = (u: string) => `/employees/${encodeURIComponent(u)}`;

/** Monday to Friday in [from, to) counted day by day: the oracle for target hours. */
function weekdays(from: string, to: string): number {
  let n = 0;
  for (let d = from; d < to; d = addDays(d, 1)) if (![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())) n++;
  return n;
}

async function balanceOf(w: AbsenceWorld, username: string) {
  const r = await w.c.get(`/workhour-balances?employee_id=${encodeURIComponent(username)}`);
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.data.length, 1);
  return r.body.data[0];
}

async function employeeWith(w: AbsenceWorld, period: Record<string, unknown>) {
  const e = await w.addEmployee({ periods: [] });
  const r = await w.c.post(`${user(e)}/employment-periods`, period);
  assert.equal(r.status, 201, r.text);
  return e;
}

forEachDialect('working-time balances', (t) => {
  test('balance = booked − target: holidays, approved absences and half days lower the target; requests and flexitime do not', async () => {
    const w = await absenceWorld(t());
    const e = await employeeWith(w, {
      start_date: '2026-03-02',
      end_date: '2026-03-13',
      annual_leave_entitlement: 30,
      is_holiday_per_year: true,
    });
    const cal = (await w.c.get('/holiday-calendars')).body.data[0];
    await w.c.post(`/holiday-calendars/${cal.id}/holidays`, { date: '2026-03-05', name: 'Half', half_day: true });
    await w.c.post(`/holiday-calendars/${cal.id}/holidays`, { date: '2026-03-06', name: 'Full' });
    await w.absence({ employee_id: e, absence_reason_id: 'UB', start_date: '2026-03-04', approval_status: 'approved' });
    await w.absence({ employee_id: e, start_date: '2026-03-09' });
    await w.absence({ employee_id: e, absence_reason_id: 'UB', start_date: '2026-03-10' });
    await w.absence({ employee_id: e, start_date: '2026-03-11', half_day_from: true });
    await w.absence({ employee_id: e, start_date: '2026-03-12', type: 2, hours: 2 });
    await w.absence({ employee_id: e, absence_reason_id: 'GZ', start_date: '2026-03-13' });
    for (const [date, from, to] of [
      ['2026-03-02', '09:00', '17:00'],
      ['2026-03-03', '09:00', '12:00'],
    ])
      assert.equal((await w.book({ employee_id: e, date, from, to })).status, 201);

    const b = await balanceOf(w, e);
    // 10 weekdays × 8 h = 80; less 8 (leave, 4th), 4 + 8 (holidays), 8 (sick, 9th), 4 (half day), 2 (hours) = 46.
    assert.equal(b.balance, 11 - 46);
    assert.equal(b.employee_id, e);
    assert.equal(b.calculated_at, `${addDays(today(), -1)}T23:59:59+00:00`);
    assert.deepEqual(b.vacation, [{ year: 2026, annual_entitlement: 0.99, approved: 1, planned: 1, remaining: -1.01 }]);
    assert.deepEqual((await w.c.get(`/workhour-balances/${b.id}`)).body.data, b);
  });

  test('an open period counts every working day up to yesterday; a booking moves the balance by its hours', async () => {
    const w = await absenceWorld(t());
    const e = await employeeWith(w, { start_date: '2026-01-05', annual_leave_entitlement: 30 });
    const days = weekdays('2026-01-05', today());
    assert.equal((await balanceOf(w, e)).balance, -8 * days);
    assert.equal((await w.book({ employee_id: e, date: '2026-01-06', from: '08:00', to: '12:30' })).status, 201);
    assert.equal((await balanceOf(w, e)).balance, -8 * days + 4.5);
  });

  test('a computed view: its ETag hashes the answer and moves with it (304 while unchanged); created and modified', async () => {
    const w = await absenceWorld(t());
    const e = await employeeWith(w, { start_date: '2026-01-05', annual_leave_entitlement: 30 });
    const b = await balanceOf(w, e);
    const first = await w.c.get(`/workhour-balances/${b.id}`);
    assert.match(String(first.headers.etag), /^"h[\w-]{22}"$/);
    assert.equal(
      (await w.c.get(`/workhour-balances/${b.id}`, { headers: { 'if-none-match': String(first.headers.etag) } }))
        .status,
      304,
    );
    const employee = (await w.c.get(user(e))).body.data;
    assert.equal(first.body.data.created, employee.created);
    assert.equal(first.body.data.modified, employee.modified, 'the employee and its period were entered today');
    // Inputs changed long ago: the answer last changed at the end of yesterday (calculated_at).
    const db = forTenant(t().database.db, w.c.tenant.id);
    for (const table of [
      'employees',
      'employment_periods',
      'regular_working_times',
      'absences',
      'attendances',
    ] as const)
      await db.updateTable(table).set({ modified: '2000-01-01 00:00:00' }).execute();
    const old = await w.c.get(`/workhour-balances/${b.id}`);
    assert.equal(old.body.data.modified, `${addDays(today(), -1)}T23:59:59.000000Z`);
    assert.equal((await w.book({ employee_id: e, date: '2026-01-06', from: '08:00', to: '12:30' })).status, 201);
    const after = await w.c.get(`/workhour-balances/${b.id}`, {
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    assert.equal(after.status, 200);
    assert.notEqual(after.headers.etag, first.headers.etag);
    assert.ok(
      after.body.data.modified > old.body.data.modified,
      `${after.body.data.modified}: a booking entered today`,
    );
  });

  test('leave per year: prorated entitlement, absences split at the year boundary, next year listed once leave is entered', async () => {
    const w = await absenceWorld(t());
    const e = await employeeWith(w, {
      start_date: '2025-07-01',
      annual_leave_entitlement: 30,
      is_holiday_per_year: true,
    });
    await w.absence({
      employee_id: e,
      absence_reason_id: 'UB',
      start_date: '2025-12-29',
      end_date: '2026-01-02',
      approval_status: 'approved',
    });
    const thisYear = Number(today().slice(0, 4));
    const before = (await balanceOf(w, e)).vacation;
    assert.deepEqual(
      before.map((v: any) => v.year),
      Array.from({ length: thisYear - 2024 }, (_, i) => 2025 + i),
    );
    assert.deepEqual(before[0], { year: 2025, annual_entitlement: 15.12, approved: 3, planned: 0, remaining: 12.12 });
    assert.deepEqual(before[1], { year: 2026, annual_entitlement: 30, approved: 2, planned: 0, remaining: 28 });
    await w.absence({
      employee_id: e,
      absence_reason_id: 'UB',
      start_date: `${thisYear + 1}-01-04`,
      end_date: `${thisYear + 1}-01-08`,
    });
    const planned = weekdays(`${thisYear + 1}-01-04`, `${thisYear + 1}-01-09`);
    const after = (await balanceOf(w, e)).vacation;
    assert.deepEqual(after.at(-1), {
      year: thisYear + 1,
      annual_entitlement: 30,
      approved: 0,
      planned,
      remaining: 30 - planned,
    });
  });

  test('leave is listed for the latest ten years at most', async () => {
    const w = await absenceWorld(t());
    const e = await employeeWith(w, { start_date: '1990-01-01', annual_leave_entitlement: 25 });
    const thisYear = Number(today().slice(0, 4));
    const years = (await balanceOf(w, e)).vacation;
    assert.deepEqual(
      years.map((v: any) => v.year),
      Array.from({ length: 10 }, (_, i) => thisYear - 9 + i),
    );
    assert.ok(years.every((v: any) => v.annual_entitlement === 25));
  });

  test('a period entitlement (is_holiday_per_year false) counts once, in the year the period starts', async () => {
    const w = await absenceWorld(t());
    const e = await employeeWith(w, {
      start_date: '2025-10-01',
      end_date: '2026-03-31',
      period_holiday_entitlement: 12,
      is_holiday_per_year: false,
    });
    assert.deepEqual(
      (await balanceOf(w, e)).vacation.map((v: any) => [v.year, v.annual_entitlement]),
      [
        [2025, 12],
        [2026, 0],
      ],
    );
  });

  test('no employment period: balance 0, no leave; the list follows the conventions and filters by employee', async () => {
    const w = await absenceWorld(t());
    const none = await w.addEmployee({ periods: [] });
    assert.deepEqual(await balanceOf(w, none).then((b) => [b.balance, b.vacation]), [0, []]);
    const page = await w.c.get('/workhour-balances?limit=1&orderBy=employee_id&order=desc');
    assert.equal(page.status, 200);
    assert.equal(page.body.meta.total, 2);
    assert.equal(page.body.data[0].employee_id, [w.employee, none].sort().at(-1));
    assert.equal((await w.c.get('/workhour-balances?employee_id=nobody')).body.meta.total, 0);
    assert.equal((await w.c.get('/workhour-balances/999999999')).status, 404);
    // An empty filter value means "not given" (conventions.md).
    assert.equal((await w.c.get('/workhour-balances?employee_id=')).body.meta.total, 2);
  });
});
