// GET /plannings?include_defaults=true: the explicit entries of the window merged with the days of the default
// plannings, in the list's order (date, employee, then stored entries by number before default days by id), paged
// in memory. The window is required and bounded, so both sides stay small: the stored side reads only
// (id, date, employee) for the window, then the page's rows.
import { ErrorBag } from '../../http/errors.js';
import { parseFilterTimestamp } from '../../http/formats.js';
import { DEFAULT_LIMIT, type ListQueryValues, type Page } from '../../http/list/index.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import { daysIn } from '../../booking/dates.js';
import { defaultDays } from '../default-plannings/default-plannings.repository.js';
import { listPlannings, storedEntry, type PlanEntry, type PlanFilters } from './plannings.repository.js';
import { MAX_RANGE_DAYS } from './plannings.service.js';

interface Key {
  date: string;
  employee_id: string;
  /** Stored entries: their number; default days: none (they follow). */
  n: number | null;
  id: string;
  entry?: PlanEntry;
}

const byListOrder = (a: Key, b: Key) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.employee_id < b.employee_id ? -1 : a.employee_id > b.employee_id ? 1 : a.n !== null && b.n !== null ? a.n - b.n : a.n !== null ? -1 : b.n !== null ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** The window include_defaults needs: both bounds, at most MAX_RANGE_DAYS days. */
function windowOf(f: PlanFilters): { date_from: string; date_to: string } {
  const errors = new ErrorBag();
  if (f.date_from === undefined) errors.add('date_from', 'The date from field is required with include_defaults.');
  if (f.date_to === undefined) errors.add('date_to', 'The date to field is required with include_defaults.');
  else if (f.date_from !== undefined && f.date_to >= f.date_from && daysIn(f.date_from, f.date_to) > MAX_RANGE_DAYS) {
    errors.add('date_to', `With include_defaults the window may span at most ${MAX_RANGE_DAYS} days.`);
  }
  errors.throwIfAny();
  return { date_from: f.date_from!, date_to: f.date_to! };
}

export async function pageWithDefaults(db: TenantDb, f: PlanFilters, query: ListQueryValues): Promise<Page<PlanEntry>> {
  const window = windowOf(f);
  const after = query.modified_after ? parseFilterTimestamp(query.modified_after) : undefined;
  const before = query.modified_before ? parseFilterTimestamp(query.modified_before) : undefined;
  let stored = listPlannings(db, f).clearSelect().select(['id', 'date', 'employee_id']);
  if (after !== undefined) stored = stored.where('modified', '>', after);
  if (before !== undefined) stored = stored.where('modified', '<=', before);
  const [rows, days] = await Promise.all([stored.execute(), defaultDays(db, { ...f, ...window }, { after, before })]);
  const keys: Key[] = [
    ...rows.map((r) => ({ date: r.date, employee_id: r.employee_id, n: Number(r.id), id: String(r.id) })),
    ...days.map((e) => ({ date: e.date, employee_id: e.employee_id, n: null, id: e.id, entry: e })),
  ].sort(byListOrder);
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_LIMIT;
  const slice = keys.slice((page - 1) * limit, page * limit);
  const ids = slice.filter((k) => k.n !== null).map((k) => k.n!);
  const full = ids.length ? await db.selectFrom('plannings').selectAll().where('id', 'in', ids).execute() : [];
  const byId = new Map(full.map((r) => [String(r.id), storedEntry(r)]));
  return { rows: slice.map((k) => k.entry ?? byId.get(k.id)!).filter(Boolean), total: keys.length, page, limit };
}
