// The facts the booking engine reads (src/modules/employees/workday.repository.ts), set up through the API and
// through the demo data: employment on a day, the weekly record valid on a day, working days and holidays,
// locations and vehicles by date.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../support/app.js';
import { createEmployee, userPath } from '../support/people.js';
import { demoPeople, easterSunday } from '../../src/demo/people.js';
import {
  dayFacts,
  employmentPeriodsCovering,
  findEmployeeByUsername,
  holidayOn,
  isEmployedOn,
  locationExists,
  vehicleExistsOn,
  vehicleListOn,
  workingTimeOn,
} from '../../src/modules/employees/workday.repository.js';

forEachDialect('workday facts', (t) => {
  test('employment on a day follows the periods, open ends included', async () => {
    const c = await t().tenant();
    const db = t().database.db;
    const e = await createEmployee(c);
    await c.post(`${userPath(e.username)}/employment-periods`, { start_date: '2024-01-01', end_date: '2024-03-31' });
    await c.post(`${userPath(e.username)}/employment-periods`, { start_date: '2024-06-01' });
    assert.equal(await isEmployedOn(db, c.tenant.id, e.username, '2023-12-31'), false);
    assert.equal(await isEmployedOn(db, c.tenant.id, e.username, '2024-03-31'), true);
    assert.equal(await isEmployedOn(db, c.tenant.id, e.username, '2024-04-15'), false);
    assert.equal((await employmentPeriodsCovering(db, c.tenant.id, e.username, '2099-01-01')).length, 1);
    assert.equal((await findEmployeeByUsername(db, c.tenant.id, e.username))?.username, e.username);
    const other = await t().tenant();
    assert.equal(await findEmployeeByUsername(db, other.tenant.id, e.username), undefined);
  });

  test('the weekly record with the latest start on or before the day applies; a null start is the earliest', async () => {
    const c = await t().tenant();
    const db = t().database.db;
    const e = await createEmployee(c);
    const path = `${userPath(e.username)}/regular-working-times`;
    await c.post(path, { monday: 8 });
    await c.post(path, { start_date: '2024-07-01', monday: 6 });
    await c.post(path, { start_date: '2025-01-01', monday: 4 });
    const hours = async (date: string) => (await workingTimeOn(db, c.tenant.id, e.username, date))?.record.monday;
    assert.equal(await hours('2000-01-03'), 8);
    assert.equal(await hours('2024-06-30'), 8);
    assert.equal(await hours('2024-07-01'), 6);
    assert.equal(await hours('2030-01-01'), 4);
  });

  test('demo data: Mon–Fri working days, German holidays, locations and vehicles', async () => {
    const c = await t().tenant();
    const db = t().database.db;
    await demoPeople(db, c.tenant);
    await demoPeople(db, c.tenant); // idempotent
    assert.equal((await c.get('/employees')).body.meta.total, 4);
    assert.equal((await c.get("/employees/o'brien.j")).status, 200);
    const year = new Date().getUTCFullYear();
    const monday = await dayFacts(db, c.tenant.id, 'anna.schmidt', '2024-06-03');
    assert.deepEqual([monday.employed, monday.weekday, monday.workday, monday.hours, monday.holiday], [true, 'monday', true, 8, undefined]);
    const saturday = await dayFacts(db, c.tenant.id, 'anna.schmidt', '2024-06-08');
    assert.equal(saturday.workday, false);
    const unity = await dayFacts(db, c.tenant.id, 'jean-luc.picard', `${year}-10-03`);
    assert.equal(unity.holiday?.name, 'Tag der Deutschen Einheit');
    const calendarId = Number(unity.workingTime!.calendar!.id);
    const goodFriday = new Date(`${easterSunday(year + 1)}T00:00:00Z`);
    goodFriday.setUTCDate(goodFriday.getUTCDate() - 2);
    assert.equal((await holidayOn(db, c.tenant.id, calendarId, goodFriday.toISOString().slice(0, 10)))?.name, 'Karfreitag');
    assert.equal(await isEmployedOn(db, c.tenant.id, 'max.mustermann', '2023-12-31'), false);
    assert.equal(await locationExists(db, c.tenant.id, 'HQ'), true);
    assert.equal(await locationExists(db, c.tenant.id, 'nowhere'), false);
    assert.equal(await vehicleExistsOn(db, c.tenant.id, 'B-ZK-101', '2024-05-01'), true);
    assert.equal(await vehicleExistsOn(db, c.tenant.id, 'B-ZK-101', '2023-05-01'), false);
    assert.equal((await vehicleListOn(db, c.tenant.id, '2024-05-01'))?.vehicles.length, 2);
    assert.deepEqual((await c.get('/vehicles?date=2024-05-01')).body.data.map((v: any) => v.id), ['B-ZK-101', 'B-ZK-202']);
    assert.equal((await c.get('/price-groups')).body.meta.total, 2);
  });
});
