// Concurrency: the absence rules hold under racing requests on both databases (the write takes the employee's lock,
// the same the booking rules take).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { absenceWorld } from '../../support/absences.js';

forEachDialect('absences: races', (t) => {
  test('20 parallel full-day absences on one day: exactly one is entered, the rest are 422 overlap', async () => {
    const w = await absenceWorld(t());
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        w.absent({ start_date: '2026-03-10', end_date: i % 2 ? '2026-03-10' : '2026-03-12' }),
      ),
    );
    assert.equal(results.filter((r) => r.status === 201).length, 1, results.map((r) => r.status).join(','));
    assert.ok(
      results.filter((r) => r.status !== 201).every((r) => r.status === 422 && r.body.violations[0].rule === 'overlap'),
    );
    assert.equal((await w.c.get(`/absences?employee_id=${w.employee}`)).body.meta.total, 1);
  });

  test('8 parallel half days on one day: exactly two are entered', async () => {
    const w = await absenceWorld(t());
    const results = await Promise.all(
      Array.from({ length: 8 }, () => w.absent({ start_date: '2026-03-10', half_day_from: true })),
    );
    assert.equal(results.filter((r) => r.status === 201).length, 2, results.map((r) => r.status).join(','));
  });

  test('approving and rejecting one request at once ends as one of the two orders would', async () => {
    const w = await absenceWorld(t());
    for (const day of [10, 11, 12, 13, 16, 17]) {
      const a = await w.absence({ absence_reason_id: 'UB', start_date: `2026-03-${day}` });
      const [approve, reject] = await Promise.all([
        w.c.patch(`/absences/${a.id}`, { approved: true }),
        w.c.patch(`/absences/${a.id}`, { approval_status: 'rejected' }),
      ]);
      const status = (await w.c.get(`/absences/${a.id}`)).body.data.leaveApprovalApplication.status.id;
      // approve first: the rejection revokes (3), both 200; reject first: approving is refused, it stays rejected (2).
      const outcome = `${approve.status}/${reject.status}/${status}`;
      assert.ok(['200/200/3', '422/200/2'].includes(outcome), outcome);
    }
  });
});
