// GET /reports/uninvoiced and /reports/budget (docs/api/reports.md): uninvoiced work is the billable bookings on no
// billed invoice, valued as in /reports/hours; a project's budget sets its plan against what is booked and planned.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Kysely } from 'kysely';
import { forEachDialect } from '../../support/app.js';
import { expectedMeasures, reportWorld, seeded } from '../../support/reports.js';

const SEED = Number(process.env.ZK_REPORT_SEED ?? 20261128) + 11;

forEachDialect('reports: uninvoiced and budget', (t) => {
  test('an empty tenant answers empty reports with zero totals', async () => {
    const c = await t().tenant();
    for (const path of ['/reports/uninvoiced', '/reports/budget', '/reports/uninvoiced?group_by=customer']) {
      const r = await c.get(path);
      assert.equal(r.status, 200, `${path}: ${r.text}`);
      assert.deepEqual(r.body.data, []);
      assert.equal(r.body.totals.hours ?? r.body.totals.booked_hours, 0);
    }
  });

  test('uninvoiced: billable bookings not on a billed invoice, per project and per customer', async () => {
    const w = await reportWorld(t(), SEED, 30);
    const db = w.db as Kysely<any>;
    const tenant_id = w.c.tenant.id;
    // Some billable bookings go on an invoice that is billed, others on a draft one.
    const r = seeded(SEED);
    const billable = w.bookings.filter((b) => b.billable);
    const [billed, draft] = [0, 1].map(async (status) =>
      db
        .insertInto('invoices')
        .values({
          tenant_id,
          invoice_number: `R-${SEED}-${status}`,
          number_sort: `R-${SEED}-${status}`,
          billing_kind: 0,
          date: '2026-05-01',
          amount_cents: 0,
          status,
          currency: 'EUR',
          customer_number: w.projects[0]!.customer!,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const items: number[] = [];
    for (const invoice of [await billed, await draft]) {
      const item = await db
        .insertInto('invoice_items')
        .values({
          tenant_id,
          invoice_id: Number(invoice.id),
          quantity_e5: 100000,
          unit_price_e4: 0,
          currency: 'EUR',
          language: 'de',
          status: 0,
          kind: 1,
          type: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      items.push(Number(item.id));
    }
    const onBilled = new Set<number>();
    for (const b of billable) {
      const pick = r.int(0, 2);
      if (pick === 2) continue;
      if (pick === 0) onBilled.add(b.id);
      await db
        .updateTable('attendances')
        .set({ invoice_item_id: items[pick] })
        .where('tenant_id', '=', tenant_id)
        .where('id', '=', b.id)
        .execute();
    }
    const open = billable.filter((b) => !onBilled.has(b.id));
    const res = await w.c.get('/reports/uninvoiced?end_date=2026-12-31&limit=200');
    assert.equal(res.status, 200, res.text);
    for (const p of w.projects) {
      const mine = open.filter((b) => b.project === p.id);
      const row = res.body.data.find((x: any) => x.project === p.id);
      if (!mine.length) {
        assert.equal(row, undefined);
        continue;
      }
      const m = expectedMeasures(w, mine);
      assert.ok(Math.abs(row.hours - m.billable_hours) < 1e-6, `${row.hours} != ${m.billable_hours}`);
      assert.ok(Math.abs(row.amount - m.amount) < 0.0051, `${row.amount} != ${m.amount}`);
      assert.equal(row.first_day, mine.map((b) => b.date).sort()[0]);
    }
    const all = expectedMeasures(w, open);
    assert.ok(Math.abs(res.body.totals.amount - all.amount) < 0.0051);
    const byCustomer = await w.c.get('/reports/uninvoiced?group_by=customer&end_date=2026-12-31');
    assert.equal(byCustomer.status, 200, byCustomer.text);
    const c1 = byCustomer.body.data.find((x: any) => x.customer === w.projects[0]!.customer);
    const m1 = expectedMeasures(
      w,
      open.filter((b) => b.project === w.projects[0]!.id),
    );
    if (m1.billable_hours) assert.ok(Math.abs(c1.amount - m1.amount) < 0.0051);
    // A User sees their own hours and no amount.
    const me = w.employees[0]!;
    const user = await w.as(me, 0);
    const mine = await user.get('/reports/uninvoiced?end_date=2026-12-31');
    assert.equal(mine.status, 200, mine.text);
    const own = expectedMeasures(
      w,
      open.filter((b) => b.employee === me),
    );
    assert.ok(Math.abs(mine.body.totals.hours - own.billable_hours) < 1e-6);
    assert.ok(!('amount' in mine.body.totals));
  });

  test('budget: plan_hours against booked and planned hours, to date and forecast to the end', async () => {
    const w = await reportWorld(t(), SEED + 1, 20);
    const db = w.db as Kysely<any>;
    const project = w.projects[1]!;
    await db
      .updateTable('projects')
      .set({ plan_hours: 100, plan_wage: 9000, end_date: '2026-06-30' })
      .where('tenant_id', '=', w.c.tenant.id)
      .where('id', '=', project.id)
      .execute();
    const asOf = '2026-03-31';
    for (const [date, planning] of [
      ['2026-03-10', 4],
      ['2026-05-12', 6],
      ['2026-07-14', 5],
    ] as const) {
      const r = await w.c.post('/plannings', {
        employee_id: w.employees[0],
        date,
        project_id: project.id,
        kind: 1,
        planning,
      });
      assert.equal(r.status, 201, r.text);
    }
    const res = await w.c.get(`/reports/budget?as_of=${asOf}&project_ids[]=${project.id}`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.length, 1);
    const row = res.body.data[0];
    const upTo = w.bookings.filter((b) => b.project === project.id && b.date <= asOf);
    const m = expectedMeasures(w, upTo);
    assert.ok(Math.abs(row.booked_hours - m.hours) < 1e-6);
    assert.ok(Math.abs(row.booked_amount - m.amount) < 0.0051);
    assert.equal(row.budget_hours, 100);
    assert.equal(row.budget_amount, 9000);
    assert.equal(row.planned_hours, 4);
    assert.equal(row.remaining_planned_hours, 6, 'a plan after the project end is not counted');
    assert.ok(Math.abs(row.forecast_hours - (m.hours + 6)) < 1e-6);
    const rate = m.billable_hours ? m.amount / m.billable_hours : 0;
    assert.ok(Math.abs(row.forecast_amount - (m.amount + 6 * rate)) < 0.0051);
    assert.equal(row.burn, Math.round((m.hours / 100) * 1e4) / 1e4);
  });
});
