// GET /reports/hours (docs/api/reports.md): over generated bookings and price tables (seeded random), every measure
// of every group equals the sum worked out here from the bookings and the tables — rate fallbacks, a rate change
// inside the window, billable overrides, daily prices that value no hours — and only the caller's rows are summed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect, type Client } from '../../support/app.js';
import { DIMENSIONS } from '../../../src/modules/reports/reports.schemas.js';
import {
  dimensionOf,
  END,
  expectedMeasures,
  reportWorld,
  seeded,
  START,
  type Booking,
  type ReportWorld,
} from '../../support/reports.js';

const SEED = Number(process.env.ZK_REPORT_SEED ?? 20261128);

const close = (actual: number | undefined, expected: number, what: string, cents = false) =>
  assert.ok(
    actual !== undefined && Math.abs(actual - expected) <= (cents ? 0.0051 : 1e-6),
    `${what}: ${actual} != ${expected}`,
  );

/** Every row of a report, page after page. */
async function allRows(c: Client, query: string): Promise<{ rows: any[]; totals: any }> {
  const rows: any[] = [];
  let totals: any;
  for (let page = 1; ; page++) {
    const r = await c.get(`/reports/hours?${query}&limit=200&page=${page}`);
    assert.equal(r.status, 200, r.text);
    rows.push(...r.body.data);
    totals = r.body.totals;
    if (page >= r.body.meta.last_page) break;
  }
  return { rows, totals };
}

/** A report's rows and totals against the bookings summed here. */
async function check(
  w: ReportWorld,
  c: Client,
  dims: string[],
  bookings: Booking[],
  opts: { money: boolean; internal: boolean; extra?: string },
) {
  const query = `group_by=${dims.join(',')}&start_date=${START}&end_date=${END}${opts.extra ?? ''}`;
  const { rows, totals } = await allRows(c, query);
  const groups = new Map<string, Booking[]>();
  for (const b of bookings) {
    const key = JSON.stringify(dims.map((d) => dimensionOf(w, b, d)));
    groups.set(key, [...(groups.get(key) ?? []), b]);
  }
  const withHours = rows.filter((r) => r.hours > 0);
  assert.equal(withHours.length, groups.size, `${query}: groups`);
  for (const row of withHours) {
    const key = JSON.stringify(dims.map((d) => row[d]));
    const mine = groups.get(key);
    assert.ok(mine, `${query}: unexpected group ${key}`);
    const m = expectedMeasures(w, mine);
    close(row.hours, m.hours, `${query} ${key} hours`);
    close(row.billable_hours, m.billable_hours, `${query} ${key} billable_hours`);
    if (opts.money) close(row.amount, m.amount, `${query} ${key} amount`, true);
    else assert.ok(!('amount' in row), 'amount is absent without the right to see rates');
    if (opts.internal) close(row.internal_cost, m.internal_cost, `${query} ${key} internal_cost`, true);
    else assert.ok(!('internal_cost' in row), 'internal cost is absent without internal-rates:read');
  }
  const all = expectedMeasures(w, bookings);
  close(totals.hours, all.hours, `${query} total hours`);
  close(totals.billable_hours, all.billable_hours, `${query} total billable hours`);
  if (opts.money) close(totals.amount, all.amount, `${query} total amount`, true);
  if (opts.internal) close(totals.internal_cost, all.internal_cost, `${query} total internal cost`, true);
  return rows;
}

forEachDialect('reports: hours', (t) => {
  test('every measure of every grouping equals the sums of the bookings and price tables', async () => {
    const w = await reportWorld(t(), SEED);
    const r = seeded(SEED + 1);
    // Every dimension alone, then random pairs and triples.
    const groupings: string[][] = DIMENSIONS.map((d) => [d]);
    for (let i = 0; i < 8; i++) {
      const n = r.int(2, 3);
      const dims = new Set<string>();
      while (dims.size < n) dims.add(r.pick([...DIMENSIONS]));
      groupings.push([...dims]);
    }
    for (const dims of groupings) await check(w, w.c, dims, w.bookings, { money: true, internal: true });
    // Filters narrow the bookings summed.
    const employee = w.employees[1]!;
    const project = w.projects[1]!.id;
    await check(
      w,
      w.c,
      ['month'],
      w.bookings.filter((b) => b.employee === employee),
      {
        money: true,
        internal: true,
        extra: `&employee_ids[]=${employee}`,
      },
    );
    await check(
      w,
      w.c,
      ['employee'],
      w.bookings.filter((b) => b.project === project && b.billable),
      {
        money: true,
        internal: true,
        extra: `&project_ids[]=${project}&billable=true`,
      },
    );
    await check(
      w,
      w.c,
      ['project'],
      w.bookings.filter((b) => b.activity === 'dev' && b.employee !== employee),
      {
        money: true,
        internal: true,
        extra: `&activity_ids[]=dev&employee_ids[]=${w.employees[0]}&employee_ids[]=${w.employees[2]}`,
      },
    );
    const customer = w.projects[0]!.customer!;
    await check(
      w,
      w.c,
      ['task'],
      w.bookings.filter((b) => b.project === w.projects[0]!.id),
      {
        money: true,
        internal: true,
        extra: `&customer_numbers[]=${customer}`,
      },
    );
    const department = w.departments.get(w.employees[0]!)!;
    await check(
      w,
      w.c,
      ['day'],
      w.bookings.filter((b) => w.departments.get(b.employee) === department),
      {
        money: true,
        internal: true,
        extra: `&department_ids[]=${department}&billing_status[]=0`,
      },
    );
  });

  test('a User sums only their own bookings and sees no money; a Controller sees amounts and internal cost', async () => {
    const w = await reportWorld(t(), SEED + 7, 24);
    const me = w.employees[0]!;
    const user = await w.as(me, 0);
    await check(
      w,
      user,
      ['project', 'month'],
      w.bookings.filter((b) => b.employee === me),
      {
        money: false,
        internal: false,
      },
    );
    const asked = await user.get(
      `/reports/hours?group_by=employee&start_date=${START}&end_date=${END}&employee_ids[]=${w.employees[1]}`,
    );
    assert.equal(asked.status, 200, asked.text);
    assert.deepEqual(
      asked.body.data.filter((r: any) => r.hours > 0),
      [],
      "a colleague's hours are not summed",
    );
    const controller = await w.as(w.employees[1]!, 2);
    await check(w, controller, ['employee'], w.bookings, { money: true, internal: true });
    // A Project Controller: amounts (price tables), no internal cost; own bookings plus the projects they control.
    const lead = w.employees[2]!;
    const controlled = w.projects[2]!.id;
    const assigned = await w.c.post(`/projects/${controlled}/employees`, { employee_id: lead, type: '1' });
    assert.equal(assigned.status, 201, assigned.text);
    const pc = await w.as(lead, 4);
    await check(
      w,
      pc,
      ['project', 'employee'],
      w.bookings.filter((b) => b.employee === lead || b.project === controlled),
      {
        money: true,
        internal: false,
      },
    );
  });

  test('planned hours of plannings per group; paging, sorting and totals like every list', async () => {
    const w = await reportWorld(t(), SEED + 3, 12);
    const plans = [
      { employee_id: w.employees[0], date: '2026-03-10', project_id: w.projects[0]!.id, planning: 6 },
      { employee_id: w.employees[0], date: '2026-04-14', project_id: w.projects[1]!.id, planning: 3.5 },
      { employee_id: w.employees[1], date: '2026-03-11', project_id: w.projects[0]!.id, planning: 8 },
    ];
    for (const p of plans) {
      const r = await w.c.post('/plannings', { ...p, kind: 1 });
      assert.equal(r.status, 201, r.text);
    }
    const rows = await check(w, w.c, ['employee', 'month'], w.bookings, { money: true, internal: true });
    for (const p of plans) {
      const row = rows.find((r) => r.employee === p.employee_id && r.month === p.date.slice(0, 7));
      const expected = plans
        .filter((q) => q.employee_id === p.employee_id && q.date.slice(0, 7) === p.date.slice(0, 7))
        .reduce((s, q) => s + q.planning, 0);
      assert.equal(row?.planned_hours, expected, JSON.stringify(row));
    }
    const byActivity = await w.c.get(`/reports/hours?group_by=activity&start_date=${START}&end_date=${END}`);
    assert.ok(
      byActivity.body.data.every((r: any) => r.planned_hours === null),
      'plans have no activity',
    );

    const q = `group_by=employee,month&start_date=${START}&end_date=${END}`;
    const full = (await w.c.get(`/reports/hours?${q}&limit=200`)).body;
    const page2 = await w.c.get(`/reports/hours?${q}&limit=2&page=2`);
    assert.equal(page2.status, 200, page2.text);
    assert.deepEqual(page2.body.data, full.data.slice(2, 4));
    assert.equal(page2.body.meta.total, full.data.length);
    assert.equal(page2.body.meta.per_page, 2);
    assert.deepEqual(page2.body.totals, full.totals, 'totals cover every row, not the page');
    const sorted = (await w.c.get(`/reports/hours?${q}&limit=200&orderBy=hours&order=desc`)).body.data;
    assert.deepEqual(
      sorted.map((r: any) => r.hours),
      [...full.data.map((r: any) => r.hours)].sort((a, b) => b - a),
    );
    const keys = full.data.map((r: any) => `${r.employee}|${r.month}`);
    assert.deepEqual(keys, [...keys].sort(), 'by default in the order of the dimensions');
  });

  test('bad input is 422 on its field', async () => {
    const w = await reportWorld(t(), SEED + 5, 1);
    const window = `start_date=${START}&end_date=${END}`;
    for (const [query, field] of [
      [`group_by=planet&${window}`, 'group_by'],
      [`group_by=customer,project,task,month&${window}`, 'group_by'],
      [`group_by=month,month&${window}`, 'group_by'],
      [`group_by=month&start_date=${END}&end_date=${START}`, 'end_date'],
      ['group_by=month&start_date=2026-01-01&end_date=2027-01-02', 'end_date'],
      [`${window}`, 'group_by'],
      ['group_by=month', 'start_date'],
      [`group_by=month&${window}&billing_status[]=7`, 'billing_status'],
    ] as const) {
      const r = await w.c.get(`/reports/hours?${query}`);
      assert.equal(r.status, 422, `${query}: ${r.text}`);
      assert.ok(
        Object.keys(r.body.errors).some((k) => k.startsWith(field.split('.')[0]!)),
        `${query}: ${r.text}`,
      );
    }
  });
});
