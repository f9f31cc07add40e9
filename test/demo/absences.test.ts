// The whole demo on a fresh tenant: absence reasons, a few absences (one leave request pending) and balances worth
// looking at (bookings from the first day of the previous month to yesterday).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { demoData } from '../../src/demo/index.js';
import { forEachDialect } from '../support/app.js';

forEachDialect('demo absences and balances', (t) => {
  test('the demo has absence reasons, four absences with one pending request, and balances', async () => {
    const c = await t().tenant({ language: 'en' });
    await demoData(t().database.db, c.tenant, t().dialect);
    assert.deepEqual(
      (await c.get('/absence-reasons')).body.data.map((r: any) => r.name),
      ['GZ', 'KR', 'UB'],
    );
    const absences = (await c.get('/absences')).body.data;
    assert.equal(absences.length, 4);
    const pending = absences.filter((a: any) => a.leaveApprovalApplication?.status.name === 'requested');
    assert.deepEqual(
      pending.map((a: any) => [a.employee_id, a.approved]),
      [["o'brien.j", false]],
    );
    assert.ok(
      absences.some((a: any) => a.type === 1),
      'a half day',
    );

    const balances = new Map((await c.get('/workhour-balances')).body.data.map((b: any) => [b.employee_id, b]));
    assert.equal(balances.size, 4);
    const anna: any = balances.get('anna.schmidt');
    assert.ok(anna.balance > 0, `anna.schmidt works overtime: ${anna.balance}`);
    assert.ok((balances.get('max.mustermann') as any).balance < 0, 'max.mustermann books 7.5 h a day');
    const year = anna.vacation.at(-1);
    assert.ok(
      year.approved >= 4 && year.annual_entitlement > 0 && year.remaining < year.annual_entitlement,
      JSON.stringify(anna.vacation),
    );
    // Bookings skip the days of approved full-day absences.
    const leave = absences.find((a: any) => a.employee_id === 'anna.schmidt');
    const booked = (
      await c.get(
        `/attendances?employee_id=anna.schmidt&start_date=${leave.start_date.slice(0, 10)}&end_date=${leave.end_date.slice(0, 10)}`,
      )
    ).body.meta.total;
    assert.equal(booked, 0);
  });
});
