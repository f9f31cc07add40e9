// Absences and bookings: an approved full-day absence makes its day not bookable (booking rule `absence`, switch
// check_absences); half days, hourly, requested and rejected absences do not block.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { absenceWorld } from '../../support/absences.js';

const rules = (r: { status: number; body: any }) =>
  r.status === 422 ? (r.body.violations ?? []).map((v: any) => v.rule) : [];

forEachDialect('absences: bookings', (t) => {
  test('an approved full-day absence refuses bookings on its days with rule "absence" on date', async () => {
    const w = await absenceWorld(t());
    await w.absence({ start_date: '2026-03-09', end_date: '2026-03-11', half_day_to: true });
    const r = await w.book({ date: '2026-03-10' });
    assert.deepEqual(
      [r.status, r.body.errors?.date?.[0]],
      [422, `${w.employee} is absent on 2026-03-10 (an approved full-day absence).`],
    );
    assert.deepEqual(rules(r), ['absence']);
    assert.equal((await w.book({ date: '2026-03-11' })).status, 201, 'the half day at its end does not block');
    const booked = await w.book({ date: '2026-03-12' });
    assert.deepEqual(
      rules(await w.c.patch(`/attendances/${booked.body.data.id}`, { date: '2026-03-09' })),
      ['absence'],
      'moving a booking onto the absence',
    );
  });

  test('half days, hourly, requested and rejected absences do not block; approving one does', async () => {
    const w = await absenceWorld(t());
    await w.absence({ start_date: '2026-03-09', half_day_from: true });
    await w.absence({ start_date: '2026-03-10', type: 2, hours: 4 });
    const requested = await w.absence({ absence_reason_id: 'UB', start_date: '2026-03-11' });
    const rejected = await w.absence({ absence_reason_id: 'UB', start_date: '2026-03-12' });
    await w.c.patch(`/absences/${rejected.id}`, { approval_status: 'rejected' });
    await w.absence({ start_date: '2026-03-13', planned: true });
    for (const date of ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13'])
      assert.equal((await w.book({ date, from: '07:00', to: '08:00' })).status, 201, date);
    await w.c.patch(`/absences/${requested.id}`, { approved: true });
    assert.deepEqual(rules(await w.book({ date: '2026-03-11', from: '08:00', to: '09:00' })), ['absence']);
  });

  test('check_absences: false lets bookings through; the setting shows in /booking-settings', async () => {
    const w = await absenceWorld(t());
    assert.equal((await w.c.get('/booking-settings')).body.data.check_absences, true);
    await w.absence({ start_date: '2026-03-10' });
    assert.equal((await w.c.patch('/booking-settings', { check_absences: false })).body.data.check_absences, false);
    assert.equal((await w.book()).status, 201);
  });
});
