// GET /plannings?include_defaults=true: the explicit entries of the window merged with the days of the default
// plannings, in the list's order (date, employee, then stored entries by number before default days by id). The
// window is bounded (a missing bound takes planWindow's default), and a page builds only what it shows: stored
// entries are counted per date in SQL and default days per date in memory; the walk over the dates finds the dates
// the page covers, and only their rows are read and their default days built (docs/api/plannings.md).
import { sql } from 'kysely';
import { ErrorBag } from '../../values/errors.js';
import { parseFilterTimestamp } from '../../values/formats.js';
import { DEFAULT_LIMIT, type ListQueryValues, type Page } from '../../http/list/index.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import { daysIn } from '../../values/dates.js';
import { defaultDaysOf } from '../default-plannings/default-plannings.repository.js';
import { listPlannings, storedEntry, type PlanEntry, type PlanFilters } from './plannings.repository.js';
import { MAX_RANGE_DAYS, planWindow } from './plannings.service.js';

/** List order: date, employee, stored entries by number before default days, default days by id. */
function byListOrder(a: PlanEntry, b: PlanEntry): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.employee_id !== b.employee_id) return a.employee_id < b.employee_id ? -1 : 1;
  const [m, n] = [/^[0-9]+$/.test(a.id) ? Number(a.id) : null, /^[0-9]+$/.test(b.id) ? Number(b.id) : null];
  if (m !== null && n !== null) return m - n;
  if (m !== null || n !== null) return m !== null ? -1 : 1;
  return Number(a.id > b.id) - Number(a.id < b.id);
}

/** The window include_defaults lists: the sent bounds, a missing one defaulted; at most MAX_RANGE_DAYS days. */
function windowOf(f: PlanFilters): { date_from: string; date_to: string } {
  const window = planWindow(f.date_from, f.date_to);
  if (window.date_to >= window.date_from && daysIn(window.date_from, window.date_to) > MAX_RANGE_DAYS) {
    new ErrorBag()
      .add('date_to', `With include_defaults the window may span at most ${MAX_RANGE_DAYS} days.`)
      .throwIfAny();
  }
  return window;
}

export async function pageWithDefaults(
  db: TenantDb,
  filters: PlanFilters,
  query: ListQueryValues,
): Promise<Page<PlanEntry>> {
  const f = { ...filters, ...windowOf(filters) };
  const after = query.modified_after ? parseFilterTimestamp(query.modified_after) : undefined;
  const before = query.modified_before ? parseFilterTimestamp(query.modified_before) : undefined;
  let stored = listPlannings(db, f);
  if (after !== undefined) stored = stored.where('modified', '>', after);
  if (before !== undefined) stored = stored.where('modified', '<=', before);
  const [storedPerDate, defaults] = await Promise.all([
    stored
      .clearSelect()
      .select(['date', sql<number>`count(*)`.as('n')])
      .groupBy('date')
      .execute(),
    defaultDaysOf(db, f, { after, before }),
  ]);
  const perDate = new Map(defaults.perDate);
  for (const r of storedPerDate) perDate.set(r.date, (perDate.get(r.date) ?? 0) + Number(r.n));
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_LIMIT;
  const offset = (page - 1) * limit;
  // The dates the page covers: from the one holding its first row to the one holding its last.
  let total = 0;
  let first: string | undefined;
  let last: string | undefined;
  let skip = 0;
  for (const date of [...perDate.keys()].sort()) {
    const n = perDate.get(date)!;
    if (first === undefined && total + n > offset) [first, skip] = [date, offset - total];
    if (first !== undefined && last === undefined && total + n >= offset + limit) last = date;
    total += n;
  }
  if (first === undefined) return { rows: [], total, page, limit };
  const span = { first, last: last ?? f.date_to };
  const rows = await stored.where('date', '>=', span.first).where('date', '<=', span.last).execute();
  const entries = [
    ...rows.map(storedEntry),
    ...defaults.entries((date) => date >= span.first && date <= span.last),
  ].sort(byListOrder);
  return { rows: entries.slice(skip, skip + limit), total, page, limit };
}
