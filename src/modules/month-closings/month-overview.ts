// GET /month-closings/overview?month=YYYY-MM (zeitkonto extension; docs/api/booking.md "A month's overview"): every
// employee employed in the month with their booked and target hours, the missing days and the closing that locks
// them — what closing a month needs, in one request and a fixed number of queries whatever the number of employees
// (the calendars of all of them are loaded at once, booked hours in one grouped query).
import { sql } from 'kysely';
import { employeeCalendars } from '../../booking/working-day.repository.js';
import { addDays, today } from '../../values/formats.js';
import { datesOf } from '../../values/dates.js';
import type { Scope } from '../../tenancy/scope.js';
import type { MonthOverviewT } from './month-closings.schemas.js';

const round = (n: number) => Math.round(n * 100) / 100;

export async function monthOverview({ db }: Scope, month: string): Promise<MonthOverviewT> {
  const from = `${month}-01`;
  const next = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1));
  const last = addDays(next.toISOString().slice(0, 10), -1);
  const [people, periods, booked, closings] = await Promise.all([
    db.selectFrom('employees').select(['username', 'firstname', 'lastname', 'department_id']).execute(),
    db
      .selectFrom('employment_periods')
      .select(['employee_id', 'start_date', 'end_date'])
      .where((eb) => eb.or([eb('start_date', 'is', null), eb('start_date', '<=', last)]))
      .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', from)]))
      .execute(),
    db
      .selectFrom('attendances')
      .select(['employee_id', 'date', sql<number>`sum(duration)`.as('hours')])
      .where('date', '>=', from)
      .where('date', '<=', last)
      .groupBy(['employee_id', 'date'])
      .execute(),
    db.selectFrom('month_closings').select(['id', 'employee_id']).where('month', '=', month).execute(),
  ]);
  const employed = new Map<string, { start_date: string | null; end_date: string | null }[]>();
  for (const p of periods) employed.set(p.employee_id, [...(employed.get(p.employee_id) ?? []), p]);
  const staff = people
    .filter((e) => employed.has(e.username))
    .sort((a, b) => a.lastname.localeCompare(b.lastname) || a.firstname.localeCompare(b.firstname));
  const calendars = await employeeCalendars(
    db,
    staff.map((e) => e.username),
    from,
    last,
  );
  const bookedOn = new Map(booked.map((b) => [`${b.employee_id} ${String(b.date).slice(0, 10)}`, Number(b.hours)]));
  const now = today();
  const closingOf = (employee: string | null) => closings.find((c) => c.employee_id === employee)?.id ?? null;
  return {
    month,
    closing_id: closingOf(null),
    employees: staff.map((e) => {
      const calendar = calendars.get(e.username)!;
      const inPeriod = (date: string) =>
        employed
          .get(e.username)!
          .some((p) => (p.start_date === null || p.start_date <= date) && (p.end_date === null || p.end_date >= date));
      let target = 0;
      let hours = 0;
      const missing: string[] = [];
      for (const date of datesOf(from, last)) {
        const dayTarget = inPeriod(date) ? calendar.targetOn(date) : 0;
        const dayHours = bookedOn.get(`${e.username} ${date}`) ?? 0;
        target += dayTarget;
        hours += dayHours;
        if (date < now && dayTarget > 0 && dayHours === 0 && !calendar.holidayOn(date))
          if (calendar.absencesOn(date).length === 0) missing.push(date);
      }
      return {
        employee_id: e.username,
        firstname: e.firstname,
        lastname: e.lastname,
        department_id: Number(e.department_id),
        target_hours: round(target),
        booked_hours: round(hours),
        missing_days: missing,
        closing_id: closingOf(e.username),
      };
    }),
  };
}
