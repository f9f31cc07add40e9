// `zeitkonto generate <instance> [--scale small|medium|large] [--seed N]`: a deterministic, realistic tenant for
// benchmarks and demos. medium ≈ 500 employees, 2,000 projects, 20,000 tasks, 1,000,000 bookings over
// five years (2021–2025); small ≈ 1 % of that; large ≈ 10,000,000 bookings. Bulk multi-row inserts in one
// transaction per table. Bookings obey the booking rules: working days only (Mon–Fri, no holidays, no absence),
// inside the employment period and the project's runtime, no overlaps, between 08:00 and 17:00 (evenings stay
// free). Each employee has about 17 days of approved leave and sick days a year (absences.ts) and two receipts
// a month (receipts.ts).
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/dialect.js';
import type { DB } from '../db/schema.js';
import { addDays, nowTimestamp } from '../values/formats.js';
import { createTenant, type Tenant } from '../tenancy/tenants.js';
import { standardDepartmentId } from '../modules/departments/departments.repository.js';
import { between, pick, seededRandom, type Random } from './random.js';
import { forTenant } from '../db/tenant-scope.js';
import { generateAbsences } from './absences.js';
import { generateReceipts } from './receipts.js';

export const SCALES = {
  small: { employees: 5, projects: 20, tasksPerProject: 10, customers: 5, attendances: 10_000 },
  medium: { employees: 500, projects: 2_000, tasksPerProject: 10, customers: 400, attendances: 1_000_000 },
  large: { employees: 5_000, projects: 20_000, tasksPerProject: 10, customers: 4_000, attendances: 10_000_000 },
} as const;
export type Scale = keyof typeof SCALES;

export const FIRST_DAY = '2021-01-01';
export const LAST_DAY = '2025-12-31';
const FIXED_HOLIDAYS = [
  ['01-01', 'Neujahr'],
  ['05-01', 'Tag der Arbeit'],
  ['10-03', 'Tag der Deutschen Einheit'],
  ['12-25', '1. Weihnachtstag'],
  ['12-26', '2. Weihnachtstag'],
] as const;
const FIRST_NAMES = [
  'Anna',
  'Max',
  'Lena',
  'Paul',
  'Mia',
  'Felix',
  'Emma',
  'Jonas',
  'Sofia',
  'Lukas',
  'Hannah',
  'Leon',
  'Marie',
  'Finn',
  'Clara',
  'Noah',
];
const LAST_NAMES = [
  'Schmidt',
  'Müller',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  "O'Brien",
  'Koch',
  'Richter',
  'Klein',
  'Wolf',
  'Neumann',
];
const CITIES = ['Berlin', 'Hamburg', 'München', 'Köln', 'Frankfurt', 'Stuttgart', 'Düsseldorf', 'Leipzig'];

export interface GenerateResult {
  tenant: Tenant;
  counts: Record<string, number>;
  seconds: number;
}

type Row = Record<string, unknown>;

/** Multi-row inserts in chunks that stay under both databases' bind-parameter limits. */
export async function insertMany(db: Kysely<DB>, table: string, rows: Row[], returning = false): Promise<number[]> {
  if (rows.length === 0) return [];
  // One bound variable per column, and on SQLite one for the tenant's next id (db/record-ids.ts).
  const perChunk = Math.max(1, Math.floor(30_000 / (Object.keys(rows[0]).length + 1)));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += perChunk) {
    const q = (db as Kysely<any>).insertInto(table).values(rows.slice(i, i + perChunk));
    if (returning) ids.push(...(await q.returning('id').execute()).map((r: any) => Number(r.id)));
    else await q.execute();
  }
  return ids;
}

function workingDays(holidays: Set<string>): string[] {
  const out: string[] = [];
  for (let d = FIRST_DAY; d <= LAST_DAY; d = addDays(d, 1)) {
    const wd = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (wd !== 0 && wd !== 6 && !holidays.has(d)) out.push(d);
  }
  return out;
}

const hm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;

export async function generate(
  db: Kysely<DB>,
  instance: string,
  scale: Scale,
  seed: number,
  log: (m: string) => void = () => {},
  dialect?: Dialect,
): Promise<GenerateResult> {
  const started = Date.now();
  const size = SCALES[scale];
  const random: Random = seededRandom(seed);
  const now = nowTimestamp();
  const stamp = { created: now, modified: now };
  const counts: Record<string, number> = {};
  const tenant = await createTenant(db, {
    instance,
    name: `Generated ${scale} (seed ${seed})`,
    edition: 'full',
    language: 'en',
  });
  const tenant_id = tenant.id;
  const inTx = <T>(fn: (trx: Kysely<DB>) => Promise<T>) => db.transaction().execute(fn);

  // Organisation: departments, price groups, activities, statuses, holiday calendar.
  const standard = await standardDepartmentId(forTenant(db, tenant_id));
  const departmentIds = await inTx((trx) =>
    insertMany(
      trx,
      'departments',
      ['Development', 'Consulting', 'Sales', 'Operations'].map((name) => ({
        tenant_id,
        name,
        parent_id: standard,
        is_standard: false,
        ...stamp,
      })),
      true,
    ),
  );
  await insertMany(
    db,
    'price_groups',
    ['Junior', 'Senior', 'Lead'].map((name) => ({ tenant_id, name, status: true, ...stamp })),
  );
  const activityIds = await insertMany(
    db,
    'activities',
    [
      { tenant_id, name: 'be', description: 'Beratung', is_travel: false, ...stamp },
      { tenant_id, name: 'dev', description: 'Development', is_travel: false, ...stamp },
      { tenant_id, name: 're', description: 'Reise', is_travel: true, ...stamp },
    ],
    true,
  );
  await insertMany(db, 'project_statuses', [
    { tenant_id, name: 'aktiv', bookable: true, sort_order: 1, abrechnungsrelevant: '1', ...stamp },
    { tenant_id, name: 'abgeschlossen', bookable: false, sort_order: 2, abrechnungsrelevant: '1', ...stamp },
  ]);
  const [calendarId] = await insertMany(
    db,
    'holiday_calendars',
    [{ tenant_id, name: 'Deutschland', country: 'Deutschland', ...stamp }],
    true,
  );
  const holidays = new Set<string>();
  const holidayRows: Row[] = [];
  for (let y = Number(FIRST_DAY.slice(0, 4)); y <= Number(LAST_DAY.slice(0, 4)); y++) {
    for (const [md, name] of FIXED_HOLIDAYS) {
      holidays.add(`${y}-${md}`);
      holidayRows.push({
        tenant_id,
        holiday_calendar_id: calendarId,
        date: `${y}-${md}`,
        name,
        half_day: false,
        ...stamp,
      });
    }
  }
  await insertMany(db, 'holidays', holidayRows);

  // Employees with employment periods (some join later) and a Mon–Fri schedule.
  const days = workingDays(holidays);
  const employees: { username: string; firstDay: string }[] = [];
  await inTx(async (trx) => {
    const rows: Row[] = [];
    const periods: Row[] = [];
    const schedules: Row[] = [];
    for (let i = 0; i < size.employees; i++) {
      const first = pick(random, FIRST_NAMES);
      const last = pick(random, LAST_NAMES);
      const username = `${first}.${last}.${i}`
        .toLowerCase()
        .replace(/[^a-z0-9.'-]/g, (c) => ({ ü: 'ue', ö: 'oe', ä: 'ae' })[c] ?? '');
      const firstDay = random() < 0.8 ? FIRST_DAY : days[between(random, 0, Math.floor(days.length / 2))];
      employees.push({ username, firstDay });
      rows.push({
        tenant_id,
        username,
        firstname: first,
        lastname: last,
        personal_number: String(10000 + i),
        email: `${username.replace(/'/g, '')}@example.com`,
        department_id: pick(random, departmentIds),
        price_group: pick(random, ['Junior', 'Senior', 'Lead']),
        employment: 0,
        rights: 0,
        ...stamp,
      });
      periods.push({
        tenant_id,
        employee_id: username,
        start_date: firstDay,
        end_date: null,
        annual_leave_entitlement: 30,
        ...stamp,
      });
      schedules.push({
        tenant_id,
        employee_id: username,
        start_date: null,
        holiday_calendar_id: calendarId,
        ...Object.fromEntries(
          ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].flatMap((d) => [
            [d, 8],
            [`${d}_workday`, true],
          ]),
        ),
        ...Object.fromEntries(
          ['saturday', 'sunday'].flatMap((d) => [
            [d, 0],
            [`${d}_workday`, false],
          ]),
        ),
        ...stamp,
      });
    }
    await insertMany(trx, 'employees', rows);
    await insertMany(trx, 'employment_periods', periods);
    await insertMany(trx, 'regular_working_times', schedules);
  });
  counts.employees = employees.length;
  log(`employees: ${employees.length}`);

  // Customers with addresses and contacts.
  const customerNumbers = Array.from({ length: size.customers }, (_, i) => String(1000 + i));
  await inTx(async (trx) => {
    const customerIds = await insertMany(
      trx,
      'customers',
      customerNumbers.map((n, i) => ({
        tenant_id,
        customer_number: n,
        name: `${pick(random, LAST_NAMES)} ${pick(random, ['GmbH', 'AG', 'KG', 'SE'])} ${i}`,
        currency: 'EUR',
        vat: 19,
        inactive: random() < 0.1,
        department_id: standard,
        ...stamp,
      })),
      true,
    );
    await insertMany(
      trx,
      'customer_addresses',
      customerIds.map((customer_id) => ({
        tenant_id,
        customer_id,
        name: 'Hauptsitz',
        address: `Hauptstraße ${between(random, 1, 200)}`,
        zip_code: String(between(random, 10000, 99999)),
        city: pick(random, CITIES),
        country: 'Deutschland',
        country_code: 'DE',
        is_default: true,
        is_billing_address: true,
        is_shipping_address: true,
        inactive: false,
      })),
    );
    await insertMany(
      trx,
      'customer_contacts',
      customerIds.flatMap((customer_id) =>
        [0, 1].map((k) => ({
          tenant_id,
          customer_id,
          first_name: pick(random, FIRST_NAMES),
          last_name: pick(random, LAST_NAMES),
          email: `contact${customer_id}.${k}@example.com`,
          is_primary: k === 0,
          inactive: false,
          ...stamp,
        })),
      ),
    );
  });
  counts.customers = customerNumbers.length;

  // Projects (80 % open-ended from the first day, the rest with a runtime), tasks, price tables.
  const projects: { id: number; start: string; end: string | null; tasks: number[] }[] = [];
  await inTx(async (trx) => {
    const rows = Array.from({ length: size.projects }, (_, i) => {
      const bounded = random() < 0.2;
      const start = bounded ? days[between(random, 0, days.length - 120)] : FIRST_DAY;
      const end = bounded ? addDays(start, between(random, 90, 720)) : null;
      return {
        tenant_id,
        name: `Projekt ${i + 1}`,
        description: `Generated project ${i + 1}`,
        project_status_id: 'aktiv',
        start_date: start,
        end_date: end,
        customer_id: pick(random, customerNumbers),
        department_id: pick(random, departmentIds),
        billing_type: 1,
        plan_can_exceed: 0,
        default_billability: 0,
        ...stamp,
      };
    });
    const ids = await insertMany(trx, 'projects', rows, true);
    ids.forEach((id, i) => projects.push({ id, start: rows[i].start_date, end: rows[i].end_date, tasks: [] }));
    await insertMany(
      trx,
      'project_activities',
      projects.flatMap((p) =>
        activityIds.map((activity_id) => ({ tenant_id, project_id: p.id, activity_id, default_factor: 1, ...stamp })),
      ),
    );
    const taskRows = projects.flatMap((p) =>
      Array.from({ length: size.tasksPerProject }, (_, k) => ({
        tenant_id,
        project_id: p.id,
        name: `Aufgabe ${k + 1}`,
        billing_type: 1,
        ...stamp,
      })),
    );
    const taskIds = await insertMany(trx, 'project_tasks', taskRows, true);
    taskIds.forEach((id, i) => projects[Math.floor(i / size.tasksPerProject)].tasks.push(id));
    const tables = await insertMany(
      trx,
      'price_tables',
      [
        { tenant_id, level: 'base', customer_number: null, project_id: null, start_date: null, ...stamp },
        ...customerNumbers.slice(0, Math.ceil(customerNumbers.length / 4)).map((n) => ({
          tenant_id,
          level: 'customer',
          customer_number: n,
          project_id: null,
          start_date: '2021-01-01',
          ...stamp,
        })),
        ...projects.slice(0, Math.ceil(projects.length / 10)).map((p) => ({
          tenant_id,
          level: 'project',
          customer_number: null,
          project_id: p.id,
          start_date: '2021-01-01',
          ...stamp,
        })),
      ],
      true,
    );
    await insertMany(
      trx,
      'prices',
      tables.flatMap((price_table_id) =>
        [
          ['Junior', 80],
          ['Senior', 110],
          ['Lead', 140],
        ].map(([g, p]) => ({
          tenant_id,
          price_table_id,
          price_group: g,
          price: Number(p) + between(random, 0, 20),
          type: 'basehour',
          activity: null,
          ahr_factor: null,
        })),
      ),
    );
    counts.price_tables = tables.length;
  });
  counts.projects = projects.length;
  counts.tasks = projects.length * size.tasksPerProject;
  log(`projects: ${projects.length}, tasks: ${counts.tasks}`);

  // Assignments: each employee works on a handful of projects.
  const assigned = new Map<string, typeof projects>();
  await inTx(async (trx) => {
    const rows: Row[] = [];
    for (const e of employees) {
      const mine = new Set<(typeof projects)[number]>();
      while (mine.size < Math.min(8, projects.length)) mine.add(pick(random, projects));
      assigned.set(e.username, [...mine]);
      for (const p of mine)
        rows.push({
          tenant_id,
          project_id: p.id,
          employee_id: e.username,
          from_date: null,
          to_date: null,
          availability: 100,
          rate_type: 0,
          type: '0',
          ...stamp,
        });
    }
    await insertMany(trx, 'project_assignments', rows);
    counts.assignments = rows.length;
  });

  // Absences (their own random stream, so the other data stays as it was), then bookings around them.
  const absences = await inTx((trx) =>
    generateAbsences(trx, insertMany, tenant_id, employees, days, seededRandom(seed * 7919 + 15), stamp),
  );
  counts.absences = absences.count;
  log(`absences: ${absences.count}`);

  // Bookings: per employee and working day 0–4 bookings of 1–3 hours from 08:00, never past 17:00.
  const employeeDays =
    employees.reduce((n, e) => n + days.filter((d) => d >= e.firstDay).length, 0) - absences.away.size;
  const perDay = size.attendances / Math.max(1, employeeDays);
  let total = 0;
  const batch: Row[] = [];
  const flush = async (trx: Kysely<DB>) => {
    await insertMany(trx, 'attendances', batch);
    total += batch.length;
    batch.length = 0;
  };
  for (const e of employees) {
    await inTx(async (trx) => {
      const mine = assigned.get(e.username)!;
      for (const date of days) {
        if (date < e.firstDay || absences.away.has(`${e.username}|${date}`)) continue;
        let n = Math.floor(perDay) + (random() < perDay - Math.floor(perDay) ? 1 : 0);
        let minute = 8 * 60;
        while (n-- > 0) {
          const length = between(random, 2, 6) * 30;
          if (minute + length > 17 * 60) break;
          const open = mine.filter((p) => p.start <= date && (p.end === null || date <= p.end));
          if (open.length === 0) break;
          const p = pick(random, open);
          const activity = random() < 0.05 ? 're' : pick(random, ['be', 'dev']);
          const from = hm(minute);
          const to = hm(minute + length);
          batch.push({
            tenant_id,
            employee_id: e.username,
            date,
            time_from: from,
            time_to: to,
            end_date: date,
            start_at: `${date} ${from}`,
            end_at: `${date} ${to}`,
            duration: length / 60,
            note: random() < 0.3 ? 'Generated booking' : null,
            billable: activity !== 're',
            activity_id: activity,
            project_id: p.id,
            project_task_id: pick(random, p.tasks),
            work_location_is_project_relevant: false,
            is_travel: activity === 're',
            created: `${date} 18:00:00`,
            modified: `${date} 18:00:00`,
          });
          minute += length + pick(random, [0, 15, 30]);
        }
        if (batch.length >= 20_000) await flush(trx);
      }
      await flush(trx);
    });
    if (employees.length >= 20 && employees.indexOf(e) % Math.ceil(employees.length / 10) === 0)
      log(`bookings: ${total}`);
  }
  counts.attendances = total;
  log(`bookings: ${total}`);
  // Receipts (their own random stream, like absences).
  const openProjects = (username: string, date: string) =>
    assigned.get(username)!.filter((p) => p.start <= date && (p.end === null || date <= p.end));
  const receipts = await inTx((trx) =>
    generateReceipts(trx, insertMany, tenant_id, employees, days, openProjects, seededRandom(seed * 7919 + 16), stamp),
  );
  counts.receipts = receipts.receipts;
  counts.receipt_amounts = receipts.lines;
  log(`receipts: ${receipts.receipts}`);
  // PostgreSQL plans a freshly bulk-loaded table without statistics (counting 1M rows: 400 ms instead of 50 ms)
  // until autovacuum catches up: analyse now. SQLite is left without statistics on purpose (see the query-plan
  // test: with them it walks id order for date filters).
  if (dialect === 'postgres') await sql.raw('VACUUM ANALYZE').execute(db);
  return { tenant, counts, seconds: (Date.now() - started) / 1000 };
}
