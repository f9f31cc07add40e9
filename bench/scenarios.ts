// The benchmark scenarios (docs/performance.md), built by reading the generated tenant through the API itself.
//   1  a month of one employee (random employee and month per request, limit=100)
//   2a GET /attendances default page      2b the last page      2c the middle page of the unfiltered list
//   3a GET /projects?limit=200 with a filter   3b GET /customers/{customer} detail
//   4a POST /attendances (valid new bookings, every rule on)   4b PATCH of existing bookings
//   5  90/10 read/write mix (scenario 1 reads, 4a-style writes)
//   6  GET /workhour-balances?limit=200: a page of 200 working-time balances
//   7a POST /receipts with three amount lines   7b GET /receipts of one employee and month
//   8  GET /projects/{id}/plan-vs-actual over the last booked year: plans made here through the API
//   9a GET /reports/hours over that year by customer × month   9b the same by employee × project (docs/api/reports.md)
// POST slots are evening quarter-hours (18:00-24:00) on days the employee already booked, which the
// generator leaves free, so every POST is a valid booking.

import { seededRandom } from '../src/generate/random.js';

export interface BenchRequest {
  method: string;
  path: string;
  body?: string;
}

export interface Scenario {
  id: string;
  title: string;
  requests: BenchRequest[];
  /** Response captured for the ceiling server (scenarios 1 and 3). */
  capture?: { status: number; contentType: string; body: string };
  /** Which captured scenario's ceiling this one is compared with. */
  ceilingOf?: string;
  /** Concurrent connections when not the run's (a back-office report is not requested by 50 clients at once). */
  connections?: number;
}

interface Ctx {
  api: string;
  headers: Record<string, string>;
  seed: number;
  quick: boolean;
}

const lastDay = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  let y = Number(first.slice(0, 4));
  let m = Number(first.slice(5, 7));
  const end = last.slice(0, 7);
  for (let i = 0; i < 1200; i++) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    out.push(month);
    if (month >= end) break;
    m++;
    if (m > 12) ((m = 1), y++);
  }
  return out;
}

export async function buildScenarios(ctx: Ctx): Promise<Scenario[]> {
  const prefix = new URL(ctx.api).pathname;
  // Request pools are sampled afresh each run (the data itself is deterministic per seed): a re-used tenant's
  // evenings fill up with earlier runs' bookings, so the same samples would run out of free slots.
  const random = seededRandom(ctx.seed * 1_000_003 + (Date.now() % 1_000_003));
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
  const raw = async (p: string) => {
    const res = await fetch(`${ctx.api}${p}`, { headers: ctx.headers });
    return {
      status: res.status,
      contentType: res.headers.get('content-type') ?? 'application/json',
      body: await res.text(),
    };
  };
  const get = async (p: string) => {
    const r = await raw(p);
    if (r.status !== 200) throw new Error(`GET ${p} answered ${r.status}: ${r.body.slice(0, 300)}`);
    return JSON.parse(r.body);
  };

  const employees: string[] = [];
  for (let page = 1; ; page++) {
    const r = await get(`/employees?limit=200&page=${page}`);
    employees.push(...r.data.map((e: any) => e.username));
    if (page >= r.meta.last_page) break;
  }
  const first = (await get('/attendances?limit=1&orderBy=date&order=asc')).data[0]?.date?.slice(0, 10);
  const last = (await get('/attendances?limit=1&orderBy=date&order=desc')).data[0]?.date?.slice(0, 10);
  if (!first || !last || employees.length === 0)
    throw new Error('the tenant has no employees or bookings: run zeitkonto generate first');
  const months = monthsBetween(first, last);
  const monthPath = (u: string, m: string) =>
    `/attendances?employee_id=${encodeURIComponent(u)}&start_date=${m}-01&end_date=${lastDay(m)}&limit=100`;

  // A pool of months (not one per request): the data-bound ceiling replays what the app ran for each of them.
  const s1: BenchRequest[] = Array.from({ length: ctx.quick ? 200 : 500 }, () => ({
    method: 'GET',
    path: prefix + monthPath(pick(employees), pick(months)),
  }));

  // Evening slots on booked days, from sampled months of sampled employees.
  const slots: BenchRequest[] = [];
  const patches: BenchRequest[] = [];
  // Enough for both builds of an A/B run (--compare) at --duration 5 --rounds 2: each slot is booked once.
  const wanted = ctx.quick ? 60_000 : 150_000;
  const seenDays = new Set<string>();
  const byId = new Map<string, { project_id: number; project_task_id: number }>();
  for (let i = 0; i < 2000 && slots.length < wanted; i++) {
    const month = await get(monthPath(pick(employees), pick(months)).replace('limit=100', 'limit=200'));
    if (month.meta.total > month.data.length) continue; // an incomplete month could hide an evening booking
    const byDay = new Map<string, any>();
    const evening = new Set<string>();
    for (const a of month.data) {
      const day = `${a.employee_id}|${a.date.slice(0, 10)}`;
      byDay.set(day, a);
      if (a.to === '00:00:00' || a.to > '18:00:00') evening.add(day); // booked by an earlier run
    }
    for (const day of evening) byDay.delete(day);
    for (const [day, a] of byDay) {
      if (seenDays.has(day)) continue; // the same employee and month may be sampled twice
      seenDays.add(day);
      for (let q = 0; q < 24; q++) {
        const from = 18 * 60 + q * 15;
        const hm = (min: number) =>
          min >= 24 * 60
            ? '00:00:00'
            : `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}:00`;
        const body = {
          employee_id: a.employee_id,
          date: a.date.slice(0, 10),
          from: hm(from),
          to: hm(from + 15),
          project_id: a.project_id,
          project_task_id: a.project_task_id,
          activity_id: a.activity_id,
          note: 'bench',
        };
        slots.push({ method: 'POST', path: `${prefix}/attendances`, body: JSON.stringify(body) });
      }
      patches.push({
        method: 'PATCH',
        path: `${prefix}/attendances/${a.id}`,
        body: JSON.stringify({ note: `bench patch ${a.id}` }),
      });
      byId.set(`${prefix}/attendances/${a.id}`, { project_id: a.project_id, project_task_id: a.project_task_id });
    }
  }
  // "Every rule on" includes the planned-hours rule (third pass): generated projects may exceed their plan
  // (plan_can_exceed 0), so the rule never sums. Give every project and task the writes book on a plan far above
  // its hours and forbid exceeding it: each POST and PATCH then checks the project's and the task's booked hours.
  const plans = new Map<number, Set<number>>();
  for (const r of [...slots, ...patches.map((p) => ({ body: JSON.stringify(byId.get(p.path) ?? {}) }))]) {
    const b = JSON.parse(r.body ?? '{}');
    if (b.project_id !== undefined)
      (plans.get(b.project_id) ?? plans.set(b.project_id, new Set()).get(b.project_id)!).add(b.project_task_id);
  }
  const patchPlan = async (p: string, body: unknown) => {
    const res = await fetch(`${ctx.api}${p}`, {
      method: 'PATCH',
      headers: { ...ctx.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`PATCH ${p} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  };
  for (const [projectId, tasks] of plans) {
    await patchPlan(`/projects/${projectId}`, { plan_hours: 1e9, plan_can_exceed: 2 });
    for (const taskId of tasks) await patchPlan(`/projects/${projectId}/tasks/${taskId}`, { plan_hours: 1e9 });
  }
  if (slots.length < 1000)
    throw new Error(
      `only ${slots.length} free evening slots found: regenerate the tenant (another --seed, or delete data/bench)`,
    );
  // Shuffle so consecutive POSTs hit different employees, then split: 4a and 5 never share a slot.
  for (let i = slots.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [slots[i], slots[j]] = [slots[j], slots[i]];
  }
  const half = Math.floor(slots.length / 2);
  const writesA = slots.slice(0, half);
  const writesMix = slots.slice(half);

  const defaultPage = await get('/attendances');
  const projectsPath = '/projects?limit=200&start_date=2024-01-01&end_date=2024-12-31';
  const customers = (await get('/customers?limit=200')).data.map((c: any) => c.customer_number);

  const balancesPath = '/workhour-balances?limit=200';
  const balancePages = Math.max(1, Math.floor(employees.length / 200));

  // Receipts: a type with the rates the POSTs use (tenants generated before receipts existed lack it).
  await fetch(`${ctx.api}/receipt-types`, {
    method: 'POST',
    headers: { ...ctx.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Fahrkarte', tax_rates: [7, 19], default_payment_method: 'privat' }),
  });
  const projectIds = (await get('/projects?limit=200')).data.map((p: any) => p.id);
  const receiptMonth = months[months.length - 1];
  const receiptBody = () => ({
    employee_id: pick(employees),
    date: `${receiptMonth}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
    receipt_type_id: 'Fahrkarte',
    project_id: pick(projectIds),
    currency: 'EUR',
    is_amount_net: false,
    is_invoice_amount_net: false,
    note: 'bench',
    receiptAmounts: [
      { tax: 19, quantity: 1, amount: 42.5, invoicing_share: 42.5 },
      { tax: 7, quantity: 2, amount: 18.9 },
      { tax: 19, quantity: 1, amount: 3.2 },
    ],
  });
  const receiptPosts: BenchRequest[] = Array.from({ length: 5000 }, () => ({
    method: 'POST',
    path: `${prefix}/receipts`,
    body: JSON.stringify(receiptBody()),
  }));
  const postedReceipt = await fetch(`${ctx.api}/receipts`, {
    method: 'POST',
    headers: { ...ctx.headers, 'content-type': 'application/json' },
    body: JSON.stringify(receiptBody()),
  });
  const receiptCapture = {
    status: postedReceipt.status,
    contentType: postedReceipt.headers.get('content-type') ?? 'application/json',
    body: await postedReceipt.text(),
  };
  if (receiptCapture.status !== 201)
    throw new Error(`POST /receipts answered ${receiptCapture.status}: ${receiptCapture.body.slice(0, 300)}`);
  const receiptsPath = (u: string, m: string) =>
    `/receipts?employee_id=${encodeURIComponent(u)}&start_date=${m}-01&end_date=${lastDay(m)}`;
  const receiptReads: BenchRequest[] = Array.from({ length: 5000 }, () => ({
    method: 'GET',
    path: prefix + receiptsPath(pick(employees), pick(months)),
  }));
  // Scenario 8: the generated tenant has no plans, so each run makes some through the API for the projects of the
  // latest bookings: a default planning of 20 % over the year for each of their employees (up to 10) and a week of
  // explicit hours; then plan versus actual over that year, which also sums the year's bookings on the project.
  const year = last.slice(0, 4);
  const recent = (await get('/attendances?limit=200&orderBy=date&order=desc')).data as any[];
  const planned = [...new Set(recent.map((a) => a.project_id as number))].slice(0, ctx.quick ? 3 : 10);
  const post = async (p: string, body: unknown) => {
    const res = await fetch(`${ctx.api}${p}`, {
      method: 'POST',
      headers: { ...ctx.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`POST ${p} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  };
  for (const projectId of planned) {
    const staff = [
      ...new Set(recent.filter((a) => a.project_id === projectId).map((a) => a.employee_id as string)),
    ].slice(0, 10);
    for (const employee_id of staff) {
      await post('/default-plannings', {
        employee_id,
        project_id: projectId,
        kind: 0,
        planning: 20,
        start_date: `${year}-01-01`,
        end_date: `${year}-12-31`,
      });
      await post('/plannings/range', {
        employee_id,
        project_id: projectId,
        date: `${year}-03-02`,
        date_to: `${year}-03-08`,
        kind: 1,
        planning: 2,
      });
    }
  }
  const report = (groupBy: string) =>
    `/reports/hours?group_by=${groupBy}&start_date=${year}-01-01&end_date=${year}-12-31&limit=200`;
  const planVsActual = (id: number) => `/projects/${id}/plan-vs-actual?date_from=${year}-01-01&date_to=${year}-12-31`;

  const mix: BenchRequest[] = [];
  // Long enough that a run never wraps around to a slot it already booked (each write is used once).
  for (let i = 0, w = 0; i < 300_000 && w < writesMix.length; i++)
    mix.push(i % 10 === 9 ? writesMix[w++] : s1[i % s1.length]);

  return [
    {
      id: '1',
      title: 'month of one employee',
      requests: s1,
      ceilingOf: '1',
      capture: await raw(monthPath(employees[0], months[Math.floor(months.length / 2)])),
    },
    {
      id: '2a',
      title: 'GET /attendances default page',
      requests: [{ method: 'GET', path: `${prefix}/attendances` }],
      ceilingOf: '1',
    },
    {
      id: '2b',
      title: 'GET /attendances last page',
      requests: [{ method: 'GET', path: `${prefix}/attendances?page=${defaultPage.meta.last_page}` }],
      ceilingOf: '1',
    },
    {
      id: '2c',
      title: 'GET /attendances middle page',
      requests: [{ method: 'GET', path: `${prefix}/attendances?page=${Math.ceil(defaultPage.meta.last_page / 2)}` }],
      ceilingOf: '1',
    },
    {
      id: '3a',
      title: 'GET /projects?limit=200 with a filter',
      requests: [{ method: 'GET', path: prefix + projectsPath }],
      ceilingOf: '3a',
      capture: await raw(projectsPath),
    },
    {
      id: '3b',
      title: 'GET /customers/{customer}',
      requests: Array.from({ length: 2000 }, () => ({
        method: 'GET',
        path: `${prefix}/customers/${encodeURIComponent(pick(customers))}`,
      })),
      ceilingOf: '3b',
      capture: await raw(`/customers/${encodeURIComponent(customers[0])}`),
    },
    { id: '4a', title: 'POST /attendances (all rules on)', requests: writesA },
    { id: '4b', title: 'PATCH /attendances/{id}', requests: patches },
    { id: '5', title: '90/10 read/write mix', requests: mix, ceilingOf: '1' },
    {
      id: '6',
      title: 'GET /workhour-balances?limit=200 (full pages)',
      requests: Array.from({ length: balancePages }, (_, i) => ({
        method: 'GET',
        path: `${prefix}${balancesPath}&page=${i + 1}`,
      })),
      ceilingOf: '6',
      capture: await raw(balancesPath),
      connections: 4,
    },
    {
      id: '7a',
      title: 'POST /receipts (three lines)',
      requests: receiptPosts,
      ceilingOf: '7a',
      capture: receiptCapture,
    },
    {
      id: '7b',
      title: 'GET /receipts of one employee and month',
      requests: receiptReads,
      ceilingOf: '7b',
      capture: await raw(receiptsPath(employees[0], months[Math.floor(months.length / 2)])),
    },
    {
      id: '8',
      title: 'GET /projects/{id}/plan-vs-actual over a year',
      requests: planned.map((id) => ({ method: 'GET', path: `${prefix}${planVsActual(id)}` })),
      ceilingOf: '8',
      capture: await raw(planVsActual(planned[0])),
      connections: 4,
    },
    ...(['customer,month', 'employee,project'] as const).map((groupBy, i) => ({
      id: `9${'ab'[i]}`,
      title: `GET /reports/hours over a year by ${groupBy.replace(',', ' × ')}`,
      requests: [{ method: 'GET', path: `${prefix}${report(groupBy)}` }],
      ceilingOf: `9${'ab'[i]}`,
      connections: 4,
    })),
  ];
}
