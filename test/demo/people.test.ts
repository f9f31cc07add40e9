// The demo people step: employees with Mon–Fri working times and German holidays, price groups, locations and a
// dated vehicle list — as a client and as the booking rules (the one facts loader) see them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forTenant } from '../../src/db/tenant-scope.js';
import { demoPeople, easterSunday } from '../../src/demo/people.js';
import { workingDay } from '../../src/booking/working-day.repository.js';
import { forEachDialect } from '../support/app.js';

forEachDialect('demo people', (t) => {
  test('demo people: Mon–Fri working days, German holidays, locations and vehicles (idempotent)', async () => {
    const c = await t().tenant();
    const db = forTenant(t().database.db, c.tenant.id);
    await demoPeople(db, c.tenant);
    await demoPeople(db, c.tenant);
    assert.equal((await c.get('/employees')).body.meta.total, 4);
    assert.equal((await c.get("/employees/o'brien.j")).status, 200);
    assert.equal((await c.get('/price-groups')).body.meta.total, 2);
    assert.deepEqual(await workingDay(db, 'anna.schmidt', '2024-06-03'), {
      weekday_is_workday: true,
      hours: 8,
      holiday: null,
      absence: null,
    });
    assert.equal((await workingDay(db, 'anna.schmidt', '2024-06-08')).weekday_is_workday, false);
    const year = new Date().getUTCFullYear();
    assert.equal((await workingDay(db, 'jean-luc.picard', `${year}-10-03`)).holiday?.name, 'Tag der Deutschen Einheit');
    const goodFriday = new Date(`${easterSunday(year + 1)}T00:00:00Z`);
    goodFriday.setUTCDate(goodFriday.getUTCDate() - 2);
    assert.equal(
      (await workingDay(db, 'anna.schmidt', goodFriday.toISOString().slice(0, 10))).holiday?.name,
      'Karfreitag',
    );
    assert.deepEqual((await c.get('/locations')).body.data.map((l: any) => l.id).includes('HQ'), true);
    assert.deepEqual(
      (await c.get('/vehicles?date=2024-05-01')).body.data.map((v: any) => v.id),
      ['B-ZK-101', 'B-ZK-202'],
    );
    assert.deepEqual((await c.get('/vehicles?date=2023-05-01')).body.data, []);
    const periods = (await c.get('/employees/max.mustermann/employment-periods')).body.data;
    assert.ok(
      periods.every((p: any) => p.start_date > '2023-12-31'),
      'not employed before 2024',
    );
  });
});
