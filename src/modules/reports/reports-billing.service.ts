// The uninvoiced and budget reports (docs/api/reports.md): both sum the bookings with the hours report's valuation
// (reports.service.ts valuedBookings), never a second one.
import type { Scope } from '../../tenancy/scope.js';
import { today } from '../../values/formats.js';
import { plannedHours } from '../plannings/plan-vs-actual.js';
import { projectIdsOf, projectsById, sumBookings, type BookingFilters } from './reports.repository.js';
import type { BudgetReportQueryT, BudgetRowT, UninvoicedReportQueryT, UninvoicedRowT } from './reports.schemas.js';
import { valuedBookings, type Viewer } from './reports.service.js';

const hoursOf = (n: number) => Math.round(n * 1e6) / 1e6;
const centsOf = (n: number) => Math.round(n * 100) / 100;

/** Billable bookings on no billed invoice, per customer or project. */
export async function uninvoicedReport(
  s: Scope,
  q: UninvoicedReportQueryT,
  rows: BookingFilters['rows'],
  viewer: Viewer,
): Promise<{ rows: UninvoicedRowT[]; totals: { hours: number; amount?: number } }> {
  const group = q.group_by ?? 'project';
  const f: BookingFilters = {
    start_date: q.start_date,
    end_date: q.end_date ?? today(),
    customer_numbers: q['customer_numbers[]'],
    project_ids: q['project_ids[]'],
    billable: true,
    uninvoiced: true,
    rows,
  };
  const booked = await valuedBookings(s, f, [group as 'project' | 'customer'], { ...viewer, internal: false });
  const out = new Map<string, UninvoicedRowT & { amount: number }>();
  for (const r of booked) {
    const value = group === 'project' ? Number(r.dims.project) : ((r.dims.customer as string | null) ?? null);
    const key = JSON.stringify(value);
    let row = out.get(key);
    if (!row)
      out.set(key, (row = { [group]: value, hours: 0, amount: 0, first_day: r.first_day, last_day: r.last_day }));
    row.hours += r.billable_hours;
    row.amount += r.amount;
    if (r.first_day < row.first_day) row.first_day = r.first_day;
    if (r.last_day > row.last_day) row.last_day = r.last_day;
  }
  let hours = 0;
  let amount = 0;
  const list = [...out.values()].map((r) => {
    hours += r.hours;
    amount += r.amount;
    const { amount: a, ...rest } = r;
    return { ...rest, hours: hoursOf(r.hours), ...(viewer.rates ? { amount: centsOf(a) } : {}) };
  });
  return { rows: list, totals: { hours: hoursOf(hours), ...(viewer.rates ? { amount: centsOf(amount) } : {}) } };
}

/** Planned days are counted at most this many days before and after as_of for projects without start or end. */
const PLAN_REACH_DAYS = 3 * 366;
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Per project: its budget (plan_hours, plan_wage), the hours and amount booked up to as_of, the hours planned up to
 * as_of and after it up to the project's end, and the forecast (booked + planned after as_of). A caller with narrower
 * rows than all sees the projects of their reached bookings and plans, and only those in the sums.
 */
export async function budgetReport(
  s: Scope,
  q: BudgetReportQueryT,
  rows: BookingFilters['rows'],
  viewer: Viewer,
): Promise<{ rows: BudgetRowT[]; totals: Record<string, number> }> {
  const asOf = q.as_of ?? today();
  const filter = { customer_numbers: q['customer_numbers[]'], project_ids: q['project_ids[]'] };
  const from = shift(asOf, -PLAN_REACH_DAYS);
  const to = shift(asOf, PLAN_REACH_DAYS);
  const [booked, planned] = await Promise.all([
    valuedBookings(s, { ...filter, end_date: asOf, rows }, ['project'], { ...viewer, internal: false }),
    plannedHours(s.db, { ...filter, date_from: from, date_to: to, rows }),
  ]);
  let ids: number[];
  if (rows) {
    // Only the projects of what the caller reaches: any booking (also after as_of) or plan.
    const reached = await sumBookings(s.db, s.dialect, { ...filter, rows }, ['project'], null);
    ids = [...new Set([...reached.map((r) => Number(r.dims.project)), ...planned.map((p) => p.project_id)])];
  } else ids = await projectIdsOf(s.db, filter);
  const projects = await projectsById(s.db, ids);
  const out = new Map<number, BudgetRowT & { amount: number; billable: number }>();
  for (const p of projects.values())
    out.set(p.id, {
      project: p.id,
      name: p.name,
      customer: p.customer_id,
      start_date: p.start_date,
      end_date: p.end_date,
      budget_hours: p.plan_hours,
      ...(viewer.rates ? { budget_amount: p.plan_wage } : {}),
      booked_hours: 0,
      planned_hours: 0,
      remaining_planned_hours: 0,
      forecast_hours: 0,
      burn: null,
      amount: 0,
      billable: 0,
    });
  for (const r of booked) {
    const row = out.get(Number(r.dims.project));
    if (!row) continue;
    row.booked_hours += r.hours;
    row.amount += r.amount;
    row.billable += r.billable_hours;
  }
  for (const p of planned) {
    const row = out.get(p.project_id);
    if (!row) continue;
    const date = p.date.slice(0, 10);
    if ((row.start_date !== null && date < row.start_date) || (row.end_date !== null && date > row.end_date)) continue;
    if (date <= asOf) row.planned_hours += p.hours;
    else row.remaining_planned_hours += p.hours;
  }
  const totals = { budget_hours: 0, booked_hours: 0, booked_amount: 0, forecast_hours: 0, forecast_amount: 0 };
  const list = [...out.values()].map((r) => {
    const { amount, billable, ...row } = r;
    const rate = billable > 0 ? amount / billable : 0;
    const forecastAmount = amount + r.remaining_planned_hours * rate;
    row.booked_hours = hoursOf(r.booked_hours);
    row.planned_hours = hoursOf(r.planned_hours);
    row.remaining_planned_hours = hoursOf(r.remaining_planned_hours);
    row.forecast_hours = hoursOf(r.booked_hours + r.remaining_planned_hours);
    row.burn = r.budget_hours ? Math.round((r.booked_hours / r.budget_hours) * 1e4) / 1e4 : null;
    totals.budget_hours += r.budget_hours ?? 0;
    totals.booked_hours += r.booked_hours;
    totals.booked_amount += amount;
    totals.forecast_hours += row.forecast_hours;
    totals.forecast_amount += forecastAmount;
    return viewer.rates ? { ...row, booked_amount: centsOf(amount), forecast_amount: centsOf(forecastAmount) } : row;
  });
  const shownTotals: Record<string, number> = {
    budget_hours: hoursOf(totals.budget_hours),
    booked_hours: hoursOf(totals.booked_hours),
    forecast_hours: hoursOf(totals.forecast_hours),
    ...(viewer.rates
      ? { booked_amount: centsOf(totals.booked_amount), forecast_amount: centsOf(totals.forecast_amount) }
      : {}),
  };
  return { rows: list, totals: shownTotals };
}
