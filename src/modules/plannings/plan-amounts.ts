// A plan's amount in hours, days and percent of the employee's day, and whether a day is a working day. Pure: the
// calendar comes from the one loader (booking/working-day.repository.ts). Decisions: docs/api/plannings.md.
import type { EmployeeCalendar } from '../../booking/calendar.js';
import { durationHours } from '../../booking/time.js';
import { PlanningKind } from './plannings.schemas.js';

export interface PlanAmount {
  kind: number;
  planning: number | null;
  time_from: string | null;
  time_to: string | null;
}

export interface Converted {
  hours: number | null;
  days: number | null;
  percent: number | null;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** The amount in hours, given the daily target (the regular working time of the date, before holidays and absences). */
export function planHours(a: PlanAmount, dailyTarget: number): number | null {
  switch (a.kind) {
    case PlanningKind.Hours:
      return a.planning;
    case PlanningKind.Percentage:
      return a.planning === null ? null : round((a.planning * dailyTarget) / 100);
    case PlanningKind.Day:
      return a.planning === null ? null : round(a.planning * dailyTarget);
    default:
      return a.time_from && a.time_to ? round(durationHours(a.time_from, a.time_to)) : null;
  }
}

export function convert(a: PlanAmount, dailyTarget: number): Converted {
  const hours = planHours(a, dailyTarget);
  if (hours === null || dailyTarget <= 0) return { hours, days: null, percent: null };
  return { hours, days: round(hours / dailyTarget), percent: round((hours / dailyTarget) * 100) };
}

/** The daily target a plan is converted with: the hours the regular working time asks for on the date. */
export const dailyTarget = (calendar: EmployeeCalendar, date: string) => calendar.scheduledHours(date);

/** A working day: a target > 0, no full-day public holiday, no approved full-day absence of the employee. */
export function isWorkingDay(calendar: EmployeeCalendar, date: string): boolean {
  if (calendar.scheduledHours(date) <= 0) return false;
  const holiday = calendar.holidayOn(date);
  if (holiday && !holiday.half_day) return false;
  return !calendar.absenceOn(date)?.full;
}
