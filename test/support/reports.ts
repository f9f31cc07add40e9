// A tenant with generated bookings and price tables for the report tests (seeded random, no hard-coded answers), and
// an independent valuation of each booking from the tables as the test wrote them (docs/api/reports.md "Valuation").
import assert from 'node:assert/strict';
import type { Kysely } from 'kysely';
import type { Client, TestContext } from './app.js';
import { bookingWorld, type World } from './booking-world.js';
import { seedCustomer, seedPriceGroup, seedPriceTable } from './seed.js';
import { createToken } from '../../src/tenancy/tokens.js';
import { nowTimestamp } from '../../src/values/formats.js';

/** Mulberry32: a small seeded generator, so a failure can be replayed with its seed. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    bool: (p = 0.5) => next() < p,
  };
}

export interface Price {
  price_group: string;
  price: number;
  activity: string | null;
  type?: string;
}
export interface Table {
  level: 'base' | 'customer' | 'project';
  customer_number?: string;
  project_id?: number;
  start_date: string | null;
  prices: Price[];
}
export interface Booking {
  id: number;
  employee: string;
  project: number;
  task: number;
  activity: string;
  date: string;
  hours: number;
  billable: boolean;
}
export interface InternalRate {
  employee: string;
  start_date: string;
  internal_rate: number;
  rate_type: number;
}

export interface ReportWorld extends World {
  seed: number;
  employees: string[];
  /** employee -> price group (null: none) */
  groups: Map<string, string | null>;
  departments: Map<string, number>;
  projects: { id: number; task: number; customer: string | null }[];
  tables: Table[];
  rates: InternalRate[];
  bookings: Booking[];
  /** A client acting as `username` with `rights`. */
  as(username: string, rights: number): Promise<Client>;
}

export const START = '2026-03-02';
export const END = '2026-04-30';
/** A rate change inside the window. */
export const CHANGE = '2026-04-01';

const stamp = () => ({ created: nowTimestamp(), modified: nowTimestamp() });
const SLOTS = [
  ['08:00', '10:00', 2],
  ['10:00', '11:30', 1.5],
  ['12:00', '15:15', 3.25],
  ['15:15', '17:00', 1.75],
] as const;

/** Weekdays of the window. */
function weekdays(): string[] {
  const out: string[] = [];
  for (let d = Date.parse(`${START}T00:00:00Z`); d <= Date.parse(`${END}T00:00:00Z`); d += 86_400_000) {
    const day = new Date(d);
    if (day.getUTCDay() >= 1 && day.getUTCDay() <= 5) out.push(day.toISOString().slice(0, 10));
  }
  return out;
}

export async function reportWorld(t: TestContext, seed: number, count = 36): Promise<ReportWorld> {
  const w = await bookingWorld(t);
  const r = seeded(seed);
  const db = w.db as Kysely<any>;
  const tenant_id = w.c.tenant.id;
  await db
    .insertInto('activities')
    .values({ tenant_id, name: 'dev', description: 'Dev', is_travel: false, ...stamp() })
    .execute();
  const groupNames = ['Junior', 'Senior'];
  for (const g of groupNames) await seedPriceGroup(w.db, tenant_id, g);
  const employees = [w.employee, await w.addEmployee(), await w.addEmployee()];
  const groups = new Map<string, string | null>([
    [employees[0]!, 'Junior'],
    [employees[1]!, 'Senior'],
    [employees[2]!, r.bool() ? null : 'Senior'],
  ]);
  const dep = await w.c.post('/departments', { name: `D${seed}` });
  assert.equal(dep.status, 201, dep.text);
  const departments = new Map<string, number>();
  for (const e of employees) {
    const department = e === employees[0] ? Number(dep.body.data.id) : undefined;
    await db
      .updateTable('employees')
      .set({ price_group: groups.get(e) ?? null, ...(department ? { department_id: department } : {}) })
      .where('tenant_id', '=', tenant_id)
      .where('username', '=', e)
      .execute();
    const row = await db
      .selectFrom('employees')
      .select('department_id')
      .where('tenant_id', '=', tenant_id)
      .where('username', '=', e)
      .executeTakeFirstOrThrow();
    departments.set(e, Number(row.department_id));
  }

  // Projects: one of a customer with its tables, one with its own tables (a rate change inside the window), one
  // falling back to the base tables (its customer has none).
  const c1 = (await seedCustomer(w.db, tenant_id)).customer_number;
  const c2 = (await seedCustomer(w.db, tenant_id)).customer_number;
  const second = await w.addProject({ customer_id: c2 });
  const third = await w.addProject({ customer_id: null });
  await db
    .updateTable('projects')
    .set({ customer_id: c1 })
    .where('tenant_id', '=', tenant_id)
    .where('id', '=', w.projectId)
    .execute();
  const projects = [
    { id: w.projectId, task: w.taskId, customer: c1 },
    { id: second.projectId, task: second.taskId, customer: c2 },
    { id: third.projectId, task: third.taskId, customer: null },
  ];
  for (const p of projects)
    for (const act of await db
      .selectFrom('activities')
      .select('id')
      .where('tenant_id', '=', tenant_id)
      .where('name', '=', 'dev')
      .execute())
      await db
        .insertInto('project_activities')
        .values({ tenant_id, project_id: p.id, activity_id: Number(act.id), default_factor: 1, ...stamp() })
        .onConflict((oc: any) => oc.doNothing())
        .execute();
  const price = () => r.int(50, 150) + r.pick([0, 0.5, 0.25]);
  const prices = (withActivity: boolean): Price[] => [
    { price_group: 'Junior', price: price(), activity: null },
    { price_group: 'Senior', price: price(), activity: null },
    ...(withActivity ? [{ price_group: 'Senior', price: price(), activity: 'dev' }] : []),
    // A daily price values no hours.
    { price_group: 'Junior', price: price() * 8, activity: 'dev', type: 'tsatz' },
  ];
  const tables: Table[] = [
    { level: 'base', start_date: null, prices: prices(false) },
    { level: 'base', start_date: CHANGE, prices: prices(true) },
    { level: 'customer', customer_number: c1, start_date: '2025-01-01', prices: prices(r.bool()) },
    { level: 'project', project_id: second.projectId, start_date: '2026-01-01', prices: prices(r.bool()) },
    {
      level: 'project',
      project_id: second.projectId,
      start_date: r.pick(['2026-03-16', CHANGE, '2026-04-20']),
      prices: prices(true),
    },
  ];
  for (const table of tables) {
    const owners = {
      base: { level: 'base' as const },
      customer: { level: 'customer' as const, customer_number: table.customer_number! },
      project: { level: 'project' as const, project_id: table.project_id! },
    };
    const owner = owners[table.level];
    await seedPriceTable(w.db, tenant_id, owner, table.prices, table.start_date);
  }
  const rates: InternalRate[] = [
    { employee: employees[0]!, start_date: '2025-01-01', internal_rate: r.int(30, 60), rate_type: 1 },
    { employee: employees[0]!, start_date: r.pick(['2026-03-20', CHANGE]), internal_rate: r.int(30, 60), rate_type: 1 },
    { employee: employees[1]!, start_date: '2026-01-01', internal_rate: r.int(200, 400), rate_type: 2 },
  ];
  for (const rate of rates)
    await db
      .insertInto('internal_rates')
      .values({
        tenant_id,
        employee_id: rate.employee,
        start_date: rate.start_date,
        internal_rate: rate.internal_rate,
        rate_type: rate.rate_type,
        ...stamp(),
      })
      .execute();

  const days = weekdays();
  const taken = new Set<string>();
  const bookings: Booking[] = [];
  while (bookings.length < count) {
    const employee = r.pick(employees);
    const date = r.pick(days);
    const slot = r.int(0, SLOTS.length - 1);
    if (taken.has(`${employee}|${date}|${slot}`)) continue;
    taken.add(`${employee}|${date}|${slot}`);
    const p = r.pick(projects);
    const activity = r.pick(['be', 'dev']);
    const billable = r.bool(0.7);
    const [from, to, hours] = SLOTS[slot]!;
    const res = await w.c.post('/attendances', {
      employee_id: employee,
      date,
      from,
      to,
      project_id: p.id,
      project_task_id: p.task,
      activity_id: activity,
      billable,
    });
    assert.equal(res.status, 201, res.text);
    bookings.push({ id: res.body.data.id, employee, project: p.id, task: p.task, activity, date, hours, billable });
  }
  return {
    ...w,
    seed,
    employees,
    groups,
    departments,
    projects,
    tables,
    rates,
    bookings,
    async as(username, rights) {
      await db
        .updateTable('employees')
        .set({ rights })
        .where('tenant_id', '=', tenant_id)
        .where('username', '=', username)
        .execute();
      const { token } = await createToken(w.db, tenant_id, { employeeId: username });
      return t.client(w.c.tenant, token);
    },
  };
}

/** The hourly rate of a booking, worked out from the tables as written: own, else customer's, else base tables. */
export function expectedRate(w: ReportWorld, b: Booking): number {
  const project = w.projects.find((p) => p.id === b.project)!;
  const own = w.tables.filter((t) => t.level === 'project' && t.project_id === b.project);
  const customer = w.tables.filter((t) => t.level === 'customer' && t.customer_number === project.customer);
  const base = w.tables.filter((t) => t.level === 'base');
  const chain = [own, customer, base].find((tables) => tables.length) ?? [];
  const inForce = chain
    .filter((t) => (t.start_date ?? '') <= b.date)
    .sort((x, y) => ((x.start_date ?? '') < (y.start_date ?? '') ? 1 : -1))[0];
  const group = w.groups.get(b.employee);
  if (!inForce || !group) return 0;
  const hourly = inForce.prices.filter((p) => p.price_group === group && (p.type ?? 'basehour') === 'basehour');
  return (hourly.find((p) => p.activity === b.activity) ?? hourly.find((p) => p.activity === null))?.price ?? 0;
}

export function expectedInternal(w: ReportWorld, b: Booking): number {
  const rate = w.rates
    .filter((r) => r.employee === b.employee && r.start_date <= b.date)
    .sort((x, y) => (x.start_date < y.start_date ? 1 : -1))[0];
  return rate && rate.rate_type === 1 ? rate.internal_rate : 0;
}

/** ISO week, worked out apart from the server's: the Thursday of the date's week names the year. */
export function weekOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const thursday = new Date(d);
  thursday.setUTCDate(d.getUTCDate() + 3 - ((d.getUTCDay() + 6) % 7));
  const jan4 = new Date(Date.UTC(thursday.getUTCFullYear(), 0, 4));
  const week =
    1 + Math.round(((thursday.getTime() - jan4.getTime()) / 86_400_000 - 3 + ((jan4.getUTCDay() + 6) % 7)) / 7);
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** A booking's value of each dimension. */
export function dimensionOf(w: ReportWorld, b: Booking, d: string): unknown {
  switch (d) {
    case 'customer':
      return w.projects.find((p) => p.id === b.project)!.customer;
    case 'project':
      return b.project;
    case 'task':
      return b.task;
    case 'activity':
      return b.activity;
    case 'employee':
      return b.employee;
    case 'department':
      return w.departments.get(b.employee);
    case 'day':
      return b.date;
    case 'week':
      return weekOf(b.date);
    case 'month':
      return b.date.slice(0, 7);
    case 'billable':
      return b.billable;
  }
  throw new Error(d);
}

/** The measures of a set of bookings, summed here. */
export function expectedMeasures(w: ReportWorld, bookings: Booking[]) {
  let hours = 0;
  let billable = 0;
  let amount = 0;
  let internal = 0;
  for (const b of bookings) {
    hours += b.hours;
    if (b.billable) {
      billable += b.hours;
      amount += b.hours * expectedRate(w, b);
    }
    internal += b.hours * expectedInternal(w, b);
  }
  return { hours, billable_hours: billable, amount, internal_cost: internal };
}
