// An employee's days (docs/api/attendances.md "An employee's days"): the calendar of the one working-day loader
// (target hours, holidays, absences), the lock rules of the booking engine run for each day (closed month, approval
// date, recording period: what refuses a booking on it), booked hours and the assigned projects.
import { bookingSettings } from '../../booking/settings.js';
import { dayLock } from '../../booking/engine.js';
import { employeeFacts } from '../../booking/booking-facts.repository.js';
import { employeeCalendars, employmentPeriods } from '../../booking/working-day.repository.js';
import { datesOf, monthsOf, weekdayOf } from '../../values/dates.js';
import { notFound } from '../../values/errors.js';
import { today } from '../../values/formats.js';
import { labelled } from '../../values/labels.js';
import type { Scope } from '../../tenancy/scope.js';
import { closingsFor } from '../month-closings/month-closings.repository.js';
import { assignedProjects, bookedPerDay } from './employee-days.repository.js';
import type { EmployeeDaysT } from './employee-days.schemas.js';

const round = (n: number) => Math.round(n * 1e10) / 1e10;

export async function employeeDays(s: Scope, username: string, from: string, to: string): Promise<EmployeeDaysT> {
  const employee = await employeeFacts(s.db, username);
  if (!employee) throw notFound('Employee');
  const [calendars, periods, closed, booked, projects] = await Promise.all([
    employeeCalendars(s.db, [username], from, to),
    employmentPeriods(s.db, username),
    closingsFor(s.db, username, monthsOf(from, to)),
    bookedPerDay(s.db, username, from, to),
    assignedProjects(s.db, username),
  ]);
  const calendar = calendars.get(username)!;
  const settings = bookingSettings(s.tenant);
  const now = today();
  const employed = (date: string) =>
    periods.some((p) => (p.start_date === null || p.start_date <= date) && (p.end_date === null || p.end_date >= date));
  const days = [...datesOf(from, to)].map((date) => {
    const record = calendar.recordOn(date);
    const flag = record?.workday[weekdayOf(date)];
    const scheduled = calendar.scheduledHours(date);
    const lock = dayLock({
      booking: { employee_id: username, date },
      today: now,
      settings,
      closed_months: closed,
      approval_date: employee.approval_date,
    });
    return {
      date,
      working_day: !record || (flag ?? scheduled > 0),
      scheduled_hours: round(scheduled),
      target_hours: employed(date) ? round(calendar.targetOn(date, scheduled)) : 0,
      employed: employed(date),
      holiday: calendar.holidayOn(date),
      absences: calendar.absencesOn(date).map(({ span, portion }) => ({
        id: span.id,
        absence_reason_id: span.absence_reason_id ?? '',
        portion: portion.kind === 'hourly' ? ('hours' as const) : portion.kind,
        hours: portion.kind === 'hourly' ? portion.hours : null,
        approved: span.approved,
      })),
      booked_hours: round(booked.get(date) ?? 0),
      locked: lock && { rule: lock.rule, message: lock.message },
    };
  });
  return {
    employee_id: username,
    start_date: from,
    end_date: to,
    days,
    projects: projects.map((p) => ({
      ...p,
      default_billability: labelled(s.db.language, 'default_billability', p.default_billability)!,
    })),
  };
}
