// Demo data for people and organisation: price groups, a German holiday calendar (last, this and next year), four
// employees with open-ended employment periods from the first day of the previous month (where the demo's
// bookings begin, so their working-time balances mean something) and Mon–Fri 8 h working times from 2024-01-01,
// two work locations and a vehicle list with two vehicles. Idempotent: what exists already is left as it is.
// Each employee created here gets a random password, recorded in `passwords` so that `zeitkonto serve` and
// `zeitkonto demo` print them once (the web app's quick start, docs/web-app.md); none is ever stored in clear.
import crypto from 'node:crypto';
import type { TenantDb } from '../db/tenant-scope.js';
import type { Tenant } from '../tenancy/tenants.js';
import { addDays } from '../values/formats.js';
import { standardDepartmentId } from '../modules/departments/departments.repository.js';
import { findRow, insertRow } from '../modules/crud/index.js';
import { hashPassword } from '../modules/employees/password.js';
import { findEmployeeRow, insertEmployee } from '../modules/employees/employees.repository.js';
import { setVehicles } from '../modules/vehicles/vehicles.repository.js';
import { monthStart } from '../values/dates.js';

const CALENDAR = 'Deutschland (bundesweit)';

/** Easter Sunday (Gregorian, anonymous algorithm) as 'YYYY-MM-DD'. */
export function easterSunday(year: number): string {
  const a = year % 19,
    b = Math.floor(year / 100),
    c = year % 100,
    d = Math.floor(b / 4),
    e = b % 4;
  const f = Math.floor((b + 8) / 25),
    g = Math.floor((b - f + 1) / 3),
    h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4),
    k = c % 4,
    l = (32 + 2 * e + 2 * i - h - k) % 7,
    m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31),
    day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Nationwide German public holidays of a year, plus Christmas Eve and New Year's Eve as half days. */
export function germanHolidays(year: number): { date: string; name: string; half_day: boolean }[] {
  const easter = easterSunday(year);
  const full = (date: string, name: string) => ({ date, name, half_day: false });
  return [
    full(`${year}-01-01`, 'Neujahr'),
    full(addDays(easter, -2), 'Karfreitag'),
    full(addDays(easter, 1), 'Ostermontag'),
    full(`${year}-05-01`, 'Tag der Arbeit'),
    full(addDays(easter, 39), 'Christi Himmelfahrt'),
    full(addDays(easter, 50), 'Pfingstmontag'),
    full(`${year}-10-03`, 'Tag der Deutschen Einheit'),
    { date: `${year}-12-24`, name: 'Heiligabend', half_day: true },
    full(`${year}-12-25`, '1. Weihnachtstag'),
    full(`${year}-12-26`, '2. Weihnachtstag'),
    { date: `${year}-12-31`, name: 'Silvester', half_day: true },
  ];
}

const EMPLOYEES = [
  {
    username: 'anna.schmidt',
    firstname: 'Anna',
    lastname: 'Schmidt',
    personal_number: '1001',
    price_group: 'Senior',
    rights: 1,
    salutation: 'Frau',
  },
  {
    username: 'max.mustermann',
    firstname: 'Max',
    lastname: 'Mustermann',
    personal_number: '1002',
    price_group: 'Junior',
    rights: 0,
    salutation: 'Herr',
  },
  {
    username: "o'brien.j",
    firstname: 'Jack',
    lastname: "O'Brien",
    personal_number: '1003',
    price_group: 'Senior',
    rights: 0,
    salutation: 'Herr',
  },
  {
    username: 'jean-luc.picard',
    firstname: 'Jean-Luc',
    lastname: 'Picard',
    personal_number: '1004',
    price_group: 'Senior',
    rights: 2,
    salutation: 'Herr',
  },
];

/** A demo employee's sign-in, as printed once at the demo tenant's creation. */
export interface DemoSignIn {
  username: string;
  password: string;
  /** The role's name (docs/api/permissions.md "Roles"). */
  role: string;
}

const ROLE_NAMES: Record<number, string> = { 0: 'User', 1: 'Administrator', 2: 'Controller' };

export async function demoPeople(db: TenantDb, tenant: Tenant, passwords: DemoSignIn[] = []): Promise<void> {
  for (const name of ['Junior', 'Senior']) {
    if (!(await findRow(db, 'price_groups', 'name', name)))
      await insertRow(db, 'price_groups', { name, status: true, description: JSON.stringify({ de: name, en: name }) });
  }

  let calendar = await findRow(db, 'holiday_calendars', 'name', CALENDAR);
  if (!calendar) {
    calendar = await insertRow(db, 'holiday_calendars', {
      name: CALENDAR,
      note: '',
      country: 'Deutschland',
      region: null,
    });
    const year = new Date().getUTCFullYear();
    for (const h of [year - 1, year, year + 1].flatMap(germanHolidays))
      await insertRow(db, 'holidays', { ...h, holiday_calendar_id: calendar.id });
  }

  const department = await standardDepartmentId(db);
  for (const e of EMPLOYEES) {
    if (await findEmployeeRow(db, e.username)) continue;
    const password = crypto.randomBytes(9).toString('base64url');
    passwords.push({ username: e.username, password, role: ROLE_NAMES[e.rights] ?? String(e.rights) });
    await db.transaction(async (trx) => {
      await insertEmployee(trx, {
        ...e,
        email: `${e.username.replace(/'/g, '')}@example.com`,
        employment: 0,
        department_id: department,
        language: tenant.language,
        password_hash: await hashPassword(password),
      });
      await insertRow(trx, 'employment_periods', {
        employee_id: e.username,
        start_date: monthStart(-1),
        end_date: null,
        annual_leave_entitlement: 30,
        is_holiday_per_year: true,
      });
      const week = { monday: 8, tuesday: 8, wednesday: 8, thursday: 8, friday: 8, saturday: 0, sunday: 0 };
      const workdays = {
        monday_workday: true,
        tuesday_workday: true,
        wednesday_workday: true,
        thursday_workday: true,
        friday_workday: true,
        saturday_workday: false,
        sunday_workday: false,
      };
      await insertRow(trx, 'regular_working_times', {
        employee_id: e.username,
        start_date: '2024-01-01',
        ...week,
        ...workdays,
        is_monthly: false,
        max_hours_in_week: 40,
        holiday_calendar_id: calendar!.id,
      });
      await insertRow(trx, 'internal_rates', {
        employee_id: e.username,
        start_date: '2024-01-01',
        internal_rate: e.price_group === 'Senior' ? 65 : 45,
        rate_type: 1,
      });
    });
  }

  for (const l of [
    { code: 'HQ', name: 'Zentrale', city: 'Berlin', country: 'Deutschland' },
    { code: 'HOME', name: 'Homeoffice', city: null, country: null },
  ]) {
    if (!(await findRow(db, 'locations', 'code', l.code))) await insertRow(db, 'locations', l);
  }

  if (!(await findRow(db, 'vehicle_lists', 'start_date', '2024-01-01'))) {
    const list = await insertRow(db, 'vehicle_lists', { start_date: '2024-01-01', name: 'Fuhrpark 2024' });
    await setVehicles(db, Number(list.id), [
      { id: 'B-ZK-101', name: 'VW Golf', license_plate: 'B-ZK 101' },
      { id: 'B-ZK-202', name: 'VW Transporter', license_plate: 'B-ZK 202' },
    ]);
  }
}
