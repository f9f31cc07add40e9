// /employees/{username}/regular-working-times: read shape (weekday hours and *_workday flags, holidayCalendar,
// breakRegulationType), writes, one record per start date, references checked in the tenant.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { createEmployee, userPath } from '../../support/people.js';

const wt = (u: string) => `${userPath(u)}/regular-working-times`;
const week = {
  monday: 8,
  tuesday: 8,
  wednesday: 8,
  thursday: 8,
  friday: 6.5,
  monday_workday: true,
  tuesday_workday: true,
  wednesday_workday: true,
  thursday_workday: true,
  friday_workday: true,
};

forEachDialect('regular working times', (t) => {
  test('create answers 201 with hours, workday flags, the calendar and break regulation objects', async () => {
    const c = await t().tenant();
    const cal = (
      await c.post('/holiday-calendars', { name: 'Standard', note: '', country: 'Deutschland', region: null })
    ).body.data;
    const brk = (await c.post('/break-regulation-types', { name: 'Standard' })).body.data;
    const e = await createEmployee(c, { username: 'jean-luc.picard' });
    const r = await c.post(wt(e.username), {
      ...week,
      start_date: '2024-01-01',
      holiday_calendar_id: cal.id,
      break_regulation_type_id: brk.id,
      max_hours_in_week: 40,
    });
    assert.equal(r.status, 201, r.text);
    const d = r.body.data;
    assert.equal(d.employee_id, 'jean-luc.picard');
    assert.equal(d.start_date, '2024-01-01T00:00:00.000000Z');
    assert.equal(d.monday, 8);
    assert.equal(d.friday, 6.5);
    assert.equal(d.saturday, null);
    assert.equal(d.monday_workday, true);
    assert.equal(d.sunday_workday, null);
    assert.equal(d.max_hours_in_week, 40);
    assert.equal(d.is_monthly, null);
    assert.deepEqual(d.holidayCalendar, cal);
    assert.equal(d.breakRegulationType.name, 'Standard');
    const keys = Object.keys(d);
    assert.equal(keys[keys.indexOf('monday') + 1], 'monday_workday');
    assert.equal((await c.get(`${wt(e.username)}/${d.id}`)).body.data.friday, 6.5);
  });

  test('start_date null means from the beginning; a second record with the same start is 422 on start_date', async () => {
    const c = await t().tenant();
    const e = await createEmployee(c);
    const first = await c.post(wt(e.username), { monday: 8 });
    assert.equal(first.status, 201, first.text);
    assert.equal(first.body.data.start_date, null);
    assert.equal(first.body.data.holidayCalendar, null);
    const dup = await c.post(wt(e.username), { monday: 4 });
    assert.equal(dup.status, 422);
    assert.deepEqual(Object.keys(dup.body.errors), ['start_date']);
    assert.equal((await c.post(wt(e.username), { start_date: '2025-01-01', monday: 4 })).status, 201);
    assert.equal((await c.post(wt(e.username), { start_date: '2025-01-01', monday: 2 })).status, 422);
    assert.equal((await c.get(wt(e.username))).body.meta.total, 2);
  });

  test('PATCH and GET-merge-PUT with the embedded calendar object change the record', async () => {
    const c = await t().tenant();
    const a = (await c.post('/holiday-calendars', { name: 'A' })).body.data;
    const b = (await c.post('/holiday-calendars', { name: 'B' })).body.data;
    const e = await createEmployee(c);
    const rec = (await c.post(wt(e.username), { ...week, holiday_calendar_id: a.id })).body.data;
    const p = await c.patch(`${wt(e.username)}/${rec.id}`, { saturday: 4, saturday_workday: true });
    assert.equal(p.body.data.saturday, 4);
    assert.equal(p.body.data.monday, 8);
    const put = await c.put(`${wt(e.username)}/${rec.id}`, { ...p.body.data, holidayCalendar: b });
    assert.equal(put.status, 200, put.text);
    assert.equal(put.body.data.holidayCalendar.name, 'B');
  });

  test("hours over 24, unknown calendar or another tenant's calendar are 422 naming the field", async () => {
    const c = await t().tenant();
    const other = await t().tenant();
    const foreign = (await other.post('/holiday-calendars', { name: 'Foreign' })).body.data;
    const e = await createEmployee(c);
    const r = await c.post(wt(e.username), { monday: 25 });
    assert.equal(r.status, 422);
    assert.deepEqual(Object.keys(r.body.errors), ['monday']);
    const cal = await c.post(wt(e.username), { holiday_calendar_id: foreign.id });
    assert.equal(cal.status, 422);
    assert.deepEqual(Object.keys(cal.body.errors), ['holiday_calendar_id']);
  });

  test('another tenant gets 404; DELETE removes a record', async () => {
    const c = await t().tenant();
    const other = await t().tenant();
    const e = await createEmployee(c, { username: 'shared.name' });
    await createEmployee(other, { username: 'shared.name' });
    const rec = (await c.post(wt(e.username), { monday: 8 })).body.data;
    assert.equal((await other.get(`${wt(e.username)}/${rec.id}`)).status, 404);
    assert.equal((await other.delete(`${wt(e.username)}/${rec.id}`)).status, 404);
    assert.equal((await c.delete(`${wt(e.username)}/${rec.id}`)).status, 204);
    assert.equal((await c.get(wt(e.username))).body.meta.total, 0);
  });
});
