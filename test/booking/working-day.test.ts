// The facts of an employee's day (src/booking/working-day.repository.ts), the ones the booking rules use and
// absences, plannings and balances will: employment periods, the working time valid on the day, working weekday,
// holiday. The decisions are in docs/api/attendances.md ("Working-day facts").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forTenant } from '../../src/db/tenant-scope.js';
import { nowTimestamp } from '../../src/values/formats.js';
import { employmentPeriods, workingDay } from '../../src/booking/working-day.repository.js';
import { weekdayOf } from '../../src/values/dates.js';
import { forEachDialect } from '../support/app.js';
import { createEmployee, userPath } from '../support/people.js';

test('weekdays are named from Monday, on dates without a time zone', () => {
  assert.deepEqual(['2024-06-03', '2024-06-08', '2024-06-09'].map(weekdayOf), ['monday', 'saturday', 'sunday']);
});

forEachDialect('working-day facts', (t) => {
  test('employment periods come whole, open ends included', async () => {
    const c = await t().tenant();
    const e = await createEmployee(c);
    await c.post(`${userPath(e.username)}/employment-periods`, { start_date: '2024-01-01', end_date: '2024-03-31' });
    await c.post(`${userPath(e.username)}/employment-periods`, { start_date: '2024-06-01' });
    const periods = await employmentPeriods(forTenant(t().database.db, c.tenant.id), e.username);
    assert.deepEqual(periods.map((p) => [p.start_date, p.end_date]).sort(), [
      ['2024-01-01', '2024-03-31'],
      ['2024-06-01', null],
    ]);
  });

  test('the working time with the latest start on or before the day applies; no start is the earliest', async () => {
    const c = await t().tenant();
    const e = await createEmployee(c);
    const path = `${userPath(e.username)}/regular-working-times`;
    await c.post(path, { monday: 8 });
    await c.post(path, { start_date: '2024-07-01', monday: 6 });
    await c.post(path, { start_date: '2025-01-01', monday: 4 });
    const db = forTenant(t().database.db, c.tenant.id);
    const hours = async (date: string) => (await workingDay(db, e.username, date)).hours;
    // Mondays: before any start, the last before the second record, its first day, long after the third.
    assert.deepEqual(
      [await hours('2000-01-03'), await hours('2024-06-24'), await hours('2024-07-01'), await hours('2030-01-07')],
      [8, 8, 6, 4],
    );
  });

  test('two records with one start (only possible outside the API): the newest applies', async () => {
    const c = await t().tenant();
    const e = await createEmployee(c);
    const db = forTenant(t().database.db, c.tenant.id);
    const stamps = { created: nowTimestamp(), modified: nowTimestamp() };
    for (const monday of [5, 7])
      await db
        .insertInto('regular_working_times', {
          employee_id: e.username,
          start_date: '2024-01-01',
          monday,
          ...stamps,
        } as any)
        .execute();
    assert.equal((await workingDay(db, e.username, '2024-02-05')).hours, 7);
  });

  test("the weekday flag decides, else hours > 0, else the day is unknown; holidays of the record's calendar", async () => {
    const c = await t().tenant();
    const e = await createEmployee(c);
    const calendar = (await c.post('/holiday-calendars', { name: 'Cal' })).body.data;
    await c.post(`/holiday-calendars/${calendar.id}/holidays`, {
      date: '2024-06-04',
      name: 'Half day',
      half_day: true,
    });
    await c.post(`${userPath(e.username)}/regular-working-times`, {
      monday: 8,
      monday_workday: false,
      tuesday: 8,
      wednesday: 0,
      holiday_calendar_id: calendar.id,
    });
    const db = forTenant(t().database.db, c.tenant.id);
    const day = (date: string) => workingDay(db, e.username, date);
    assert.deepEqual(
      await day('2024-06-03'),
      { weekday_is_workday: false, hours: 8, holiday: null, absence: null },
      'flag off wins over hours',
    );
    assert.deepEqual(await day('2024-06-04'), {
      weekday_is_workday: true,
      hours: 8,
      holiday: { name: 'Half day', half_day: true },
      absence: null,
    });
    assert.deepEqual(await day('2024-06-05'), { weekday_is_workday: false, hours: 0, holiday: null, absence: null });
    assert.deepEqual(
      await day('2024-06-06'),
      { weekday_is_workday: null, hours: null, holiday: null, absence: null },
      'neither flag nor hours',
    );
    const none = await createEmployee(c);
    assert.deepEqual(
      await workingDay(db, none.username, '2024-06-03'),
      { weekday_is_workday: null, hours: null, holiday: null, absence: null },
      'no record at all',
    );
  });
});
