// Concurrency: racing requests cannot double-book an employee or overrun a plan (SQLite and PostgreSQL).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { bookingWorld } from '../../support/booking-world.js';

forEachDialect('attendances: races', (t) => {
  test('25 parallel overlapping bookings of one employee: exactly one succeeds per day, the rest are 422 overlap', async () => {
    const w = await bookingWorld(t());
    for (const date of ['2026-03-10', '2026-03-11', '2026-03-12']) {
      const results = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          w.book({ date, from: `09:${String(i).padStart(2, '0')}`, to: `10:${String(i).padStart(2, '0')}` }),
        ),
      );
      const statuses = results.map((r) => r.status);
      assert.equal(statuses.filter((s) => s === 201).length, 1, `${date}: ${statuses.join(',')}`);
      assert.ok(
        results
          .filter((r) => r.status !== 201)
          .every((r) => r.status === 422 && r.body.violations.some((v: any) => v.rule === 'overlap')),
      );
    }
    assert.equal((await w.c.get(`/attendances?employee_id=${w.employee}`)).body.meta.total, 3);
  });

  test('the planned-hours rule holds under a race of different employees on one project', async () => {
    const w = await bookingWorld(t());
    const p = await w.addProject({ plan_hours: 5, plan_can_exceed: 2 });
    const employees = await Promise.all(Array.from({ length: 10 }, () => w.addEmployee()));
    const results = await Promise.all(
      employees.map((e) =>
        w.book({ employee_id: e, project_id: p.projectId, project_task_id: p.taskId, from: '09:00', to: '10:00' }),
      ),
    );
    assert.equal(results.filter((r) => r.status === 201).length, 5, results.map((r) => r.status).join(','));
    assert.equal((await w.c.get(`/attendances?project_id=${p.projectId}`)).body.meta.total, 5);
  });

  test('a failing booking leaves nothing behind (nothing half-written)', async () => {
    const w = await bookingWorld(t());
    const before = (await w.c.get('/attendances')).body.meta.total;
    await w.book({ employee_id: 'nobody' });
    await w.book({ date: '2026-03-14' });
    assert.equal((await w.c.get('/attendances')).body.meta.total, before);
  });
});
