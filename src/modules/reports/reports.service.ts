// The hours report (docs/api/reports.md): the bookings the caller may read, summed by up to three dimensions, valued
// with the one booking valuation (price-tables/booking-rates.ts over the fallback chain of projects.present.ts), with
// the planned hours of the same groups; every group's measures and the totals of all of them.
import type { Scope } from '../../tenancy/scope.js';
import { ErrorBag } from '../../values/errors.js';
import { dayNumber, daysIn } from '../../values/dates.js';
import { isValidDate, toBool } from '../../values/formats.js';
import { bookingRate, internalRateOn } from '../price-tables/booking-rates.js';
import { effectivePriceTables } from '../projects/projects.present.js';
import { plannedHours } from '../plannings/plan-vs-actual.js';
import {
  employeesByName,
  internalRatesOf,
  projectsById,
  rateChanges,
  sumBookings,
  type BookingFilters,
  type SummedRow,
} from './reports.repository.js';
import { DIMENSIONS, MAX_GROUP_BY, MAX_REPORT_DAYS, type Dimension } from './reports.schemas.js';

/** What of the money the caller may see (docs/api/reports.md "Permissions"). */
export interface Viewer {
  /** Amounts: price-tables:read of all rows. */
  rates: boolean;
  /** Internal cost: internal-rates:read of all rows. */
  internal: boolean;
}

/** `group_by` as dimensions: one to three known, distinct ones; 422 on group_by otherwise. */
export function parseGroupBy(text: string, errors: ErrorBag): Dimension[] {
  const parts = text.split(',').map((p) => p.trim());
  const unknown = parts.filter((p) => !(DIMENSIONS as readonly string[]).includes(p));
  if (unknown.length)
    errors.add(
      'group_by',
      `Unknown dimension ${unknown.map((u) => `"${u}"`).join(', ')}: one of ${DIMENSIONS.join(', ')}.`,
    );
  else if (parts.length > MAX_GROUP_BY) errors.add('group_by', `At most ${MAX_GROUP_BY} dimensions.`);
  else if (new Set(parts).size !== parts.length) errors.add('group_by', 'A dimension may be named once.');
  return parts as Dimension[];
}

/** A report's window: end on or after start, at most MAX_REPORT_DAYS days; 422 on end_date otherwise. */
export function checkWindow(start: string | undefined, end: string | undefined, errors: ErrorBag): void {
  let valid = true;
  for (const [field, value] of [
    ['start_date', start],
    ['end_date', end],
  ] as const)
    if (value !== undefined && !isValidDate(value)) {
      errors.add(field, `The ${field.replace('_', ' ')} field must be a valid date in the format YYYY-MM-DD.`);
      valid = false;
    }
  if (!valid || start === undefined || end === undefined) return;
  if (end < start) errors.add('end_date', 'The end date must be a date after or equal to start date.');
  else if (daysIn(start, end) > MAX_REPORT_DAYS)
    errors.add('end_date', `The window may span at most ${MAX_REPORT_DAYS} days.`);
}

/** ISO 8601 week of a day: "2026-W11". */
export function isoWeek(date: string): string {
  const n = dayNumber(date);
  const weekday = (((n + 3) % 7) + 7) % 7; // 0 Monday
  const thursday = n - weekday + 3;
  const year = new Date(thursday * 86_400_000).getUTCFullYear();
  const week = Math.floor((thursday - dayNumber(`${year}-01-01`)) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export interface Measures {
  hours: number;
  billable_hours: number;
  amount?: number;
  internal_cost?: number;
  planned_hours: number | null;
}
export type ReportRow = Record<string, unknown> & Measures;

const hoursOf = (n: number) => Math.round(n * 1e6) / 1e6;
const centsOf = (n: number) => Math.round(n * 100) / 100;

/** Measures as they are answered: rounded, money only where the caller may see it. */
function shown(m: Measures, viewer: Viewer): Measures {
  return {
    hours: hoursOf(m.hours),
    billable_hours: hoursOf(m.billable_hours),
    ...(viewer.rates ? { amount: centsOf(m.amount ?? 0) } : {}),
    ...(viewer.internal ? { internal_cost: centsOf(m.internal_cost ?? 0) } : {}),
    planned_hours: m.planned_hours === null ? null : hoursOf(m.planned_hours),
  };
}

/** Planned hours have no activity and no billable flag: they are not reported where those group or filter. */
export const plannable = (dims: readonly Dimension[], f: BookingFilters) =>
  !dims.includes('activity') &&
  !dims.includes('billable') &&
  f.activity_ids === undefined &&
  f.billable === undefined &&
  f.billing_status === undefined &&
  !f.uninvoiced;

/** The valued bookings of `f`: each summed row with its amount and internal cost. */
export async function valuedBookings(
  s: Scope,
  f: BookingFilters,
  dims: readonly Dimension[],
  viewer: Viewer,
): Promise<(SummedRow & { amount: number; internal_cost: number })[]> {
  const valued = viewer.rates || viewer.internal;
  const changes = valued ? await rateChanges(s.db, f.start_date, f.end_date) : [];
  const summed = await sumBookings(s.db, s.dialect, f, dims, valued ? { changes } : null);
  if (!valued) return summed.map((r) => ({ ...r, amount: 0, internal_cost: 0 }));
  const projectIds = [...new Set(summed.map((r) => r.project_id!))];
  const names = [...new Set(summed.map((r) => r.employee_id!))];
  const [projects, employees, internal] = await Promise.all([
    projectsById(s.db, projectIds),
    employeesByName(s.db, names),
    viewer.internal ? internalRatesOf(s.db, names) : Promise.resolve(new Map()),
  ]);
  const tables = viewer.rates ? await effectivePriceTables(s.db, s.tenant, [...projects.values()]) : new Map();
  return summed.map((r) => {
    const rate = viewer.rates
      ? bookingRate(tables.get(r.project_id!) ?? [], {
          price_group: employees.get(r.employee_id!)?.price_group ?? null,
          activity: r.activity_id!,
          date: r.sample!,
        })
      : null;
    const cost = viewer.internal ? internalRateOn(internal.get(r.employee_id!) ?? [], r.sample!) : null;
    return { ...r, amount: r.billable_hours * (rate?.rate ?? 0), internal_cost: r.hours * (cost ?? 0) };
  });
}

/** The hours report's rows (unsorted) and totals. */
export async function hoursReport(
  s: Scope,
  f: BookingFilters & { start_date: string; end_date: string },
  dims: readonly Dimension[],
  viewer: Viewer,
): Promise<{ rows: ReportRow[]; totals: Measures }> {
  const withPlans = plannable(dims, f);
  const [booked, planned] = await Promise.all([
    valuedBookings(s, f, dims, viewer),
    withPlans
      ? plannedHours(s.db, {
          date_from: f.start_date,
          date_to: f.end_date,
          employee_ids: f.employee_ids,
          project_ids: f.project_ids,
          customer_numbers: f.customer_numbers,
          rows: f.rows,
        })
      : Promise.resolve([]),
  ]);
  const groups = new Map<string, { dims: Record<string, unknown>; m: Measures }>();
  const group = (values: Record<string, unknown>) => {
    const key = JSON.stringify(dims.map((d) => values[d]));
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { dims: values, m: zero(withPlans) }));
    return g.m;
  };
  for (const r of booked)
    add(group(Object.fromEntries(dims.map((d) => [d, bookedValue(d, r.dims[d])]))), { ...r, planned_hours: 0 });
  if (planned.length) {
    const [projects, employees] = await Promise.all([
      projectsById(s.db, [...new Set(planned.map((p) => p.project_id))]),
      employeesByName(s.db, [...new Set(planned.map((p) => p.employee_id))]),
    ]);
    for (const p of planned) {
      const department = employees.get(p.employee_id)?.department_id ?? null;
      if (f.department_ids !== undefined && (department === null || !f.department_ids.includes(department))) continue;
      if (f.task_ids !== undefined && (p.project_task_id === null || !f.task_ids.includes(p.project_task_id))) continue;
      const values: Record<Dimension, unknown> = {
        customer: projects.get(p.project_id)?.customer_id ?? null,
        project: p.project_id,
        task: p.project_task_id,
        activity: null,
        employee: p.employee_id,
        department,
        day: p.date.slice(0, 10),
        week: isoWeek(p.date.slice(0, 10)),
        month: p.date.slice(0, 7),
        billable: null,
      };
      group(Object.fromEntries(dims.map((d) => [d, values[d]]))).planned_hours! += p.hours;
    }
  }
  const totals = zero(withPlans);
  const rows: ReportRow[] = [];
  for (const { dims: values, m } of groups.values()) {
    add(totals, m);
    rows.push({ ...values, ...shown(m, viewer) });
  }
  return { rows, totals: shown(totals, viewer) };
}

/** Measures of nothing; planned hours null where plans are not reported. */
const zero = (withPlans: boolean): Measures => ({
  hours: 0,
  billable_hours: 0,
  amount: 0,
  internal_cost: 0,
  planned_hours: withPlans ? 0 : null,
});

/** Add `m` to `into` (planned hours only where `into` reports them). */
function add(into: Measures, m: Measures): void {
  into.hours += m.hours;
  into.billable_hours += m.billable_hours;
  into.amount = (into.amount ?? 0) + (m.amount ?? 0);
  into.internal_cost = (into.internal_cost ?? 0) + (m.internal_cost ?? 0);
  if (into.planned_hours !== null) into.planned_hours += m.planned_hours ?? 0;
}

/** A dimension's value of a summed row as the report shows it. */
function bookedValue(d: Dimension, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (d) {
    case 'project':
    case 'task':
    case 'department':
      return Number(v);
    case 'day':
      return String(v).slice(0, 10);
    case 'week':
      return isoWeek(String(v).slice(0, 10));
    case 'billable':
      return toBool(v);
    default:
      return String(v);
  }
}

/**
 * Sort rows by `orderBy` (a dimension or measure of the rows; otherwise the dimensions in order) and `order`, the
 * dimensions breaking ties; nulls first.
 */
export function sortRows<R extends Record<string, unknown>>(
  rows: R[],
  keys: readonly string[],
  orderBy: string | null | undefined,
  order: string | null | undefined,
): R[] {
  const first = orderBy && rows.length && orderBy in rows[0] ? orderBy : undefined;
  const direction = (order ?? 'asc').toLowerCase() === 'desc' ? -1 : 1;
  const terms = first ? [first, ...keys.filter((k) => k !== first)] : [...keys];
  const cmp = (a: unknown, b: unknown) => {
    if (a === b) return 0;
    if (a === null || a === undefined) return -1;
    if (b === null || b === undefined) return 1;
    return (a as number) < (b as number) ? -1 : 1;
  };
  return rows.sort((a, b) => {
    for (const [i, t] of terms.entries()) {
      const c = cmp(a[t], b[t]) * (i === 0 || !first ? direction : 1);
      if (c) return c;
    }
    return 0;
  });
}
