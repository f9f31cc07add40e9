// zeitkonto generate: deterministic for a seed, and the bookings obey the booking rules (checked through the API).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, uniqueName } from '../support/app.js';
import { generate } from '../../src/generate/generator.js';
import { createToken } from '../../src/tenancy/tokens.js';
import { spanOf, overlaps } from '../../src/booking/time.js';

forEachDialect('generate', (t) => {
  test('small scale: counts, determinism per seed, and bookings that obey the rules', async () => {
    const db = t().database.db;
    const a = await generate(db, uniqueName('g'), 'small', 7, undefined, t().database.dialect);
    const b = await generate(db, uniqueName('g'), 'small', 7);
    assert.deepEqual(a.counts, b.counts);
    assert.ok(a.counts.attendances > 9000 && a.counts.attendances < 11000, String(a.counts.attendances));
    assert.equal(a.counts.employees, 5);

    const { token } = await createToken(db, a.tenant.id);
    const get = async (path: string) =>
      (
        await t().inject({
          method: 'GET',
          url: `/${a.tenant.instance}/next/api/v1${path}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).body;
    const employees = (await get('/employees?limit=200')).data;
    const sample = await get(
      `/attendances?employee_id=${encodeURIComponent(employees[0].username)}&start_date=2023-03-01&end_date=2023-03-31&limit=200`,
    );
    assert.ok(sample.data.length > 0);
    const spans = sample.data.map((x: any) => spanOf(x.date.slice(0, 10), x.from, x.to));
    for (let i = 0; i < spans.length; i++)
      for (let j = i + 1; j < spans.length; j++) assert.equal(overlaps(spans[i], spans[j]), false);
    for (const x of sample.data) {
      const day = new Date(x.date).getUTCDay();
      assert.ok(day !== 0 && day !== 6, `weekday ${x.date}`);
      assert.ok(x.from >= '08:00:00' && x.to <= '17:00:00' && x.to !== '00:00:00');
    }
    // A new evening booking on a generated day passes every rule, as the benchmark expects.
    const one = sample.data[0];
    const r = await t().inject({
      method: 'POST',
      url: `/${a.tenant.instance}/next/api/v1/attendances`,
      headers: { authorization: `Bearer ${token}` },
      payload: {
        employee_id: one.employee_id,
        date: one.date.slice(0, 10),
        from: '18:00',
        to: '18:15',
        project_id: one.project_id,
        project_task_id: one.project_task_id,
        activity_id: one.activity_id,
      },
    });
    assert.equal(r.status, 201, r.text);

    // Absences: leave and sick days every year, and no booking on their days.
    assert.ok(a.counts.absences >= 5 * 5 * 4, String(a.counts.absences));
    const absences = (
      await get(
        `/absences?employee_id=${encodeURIComponent(employees[0].username)}&start_date=2023-01-01&end_date=2023-12-31&limit=200`,
      )
    ).data;
    assert.ok(absences.length >= 4 && absences.every((x: any) => x.approved), String(absences.length));
    for (const x of absences) {
      const booked = await get(
        `/attendances?employee_id=${encodeURIComponent(x.employee_id)}&start_date=${x.start_date.slice(0, 10)}&end_date=${x.end_date.slice(0, 10)}`,
      );
      assert.equal(booked.meta.total, 0, `booked during absence ${x.id}`);
    }

    // Receipts: two a month per employee with their lines; a receipt of the latest year can still be changed.
    assert.ok(a.counts.receipts > 5 * 50 && a.counts.receipt_amounts >= a.counts.receipts, JSON.stringify(a.counts));
    const month = await get(
      `/receipts?employee_id=${encodeURIComponent(employees[0].username)}&start_date=2023-03-01&end_date=2023-03-31`,
    );
    assert.equal(month.meta.total, 2);
    const recent = (await get('/receipts?billing_status[]=1&limit=1')).data[0];
    assert.ok((await get(`/receipts/${recent.id}/amounts`)).meta.total >= 1);
    const patched = await t().inject({
      method: 'PATCH',
      url: `/${a.tenant.instance}/next/api/v1/receipts/${recent.id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { note: 'checked' },
    });
    assert.equal(patched.status, 200, patched.text);
  });
});
