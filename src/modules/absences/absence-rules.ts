// The rules an absence must keep, as pure functions over facts the one loader brings (employment periods, closed
// months, the employee's other absences that still count). Each returns violations {field, rule, message}, which
// the service turns into one 422 with the booking rules' codes where the rule is the same.
import { portionOn, type AbsenceSpan, type Portion } from '../../booking/calendar.js';
import { datesOf, monthsOf } from '../../values/dates.js';
import type { Runtime, Violation } from '../../booking/facts.js';
import { CLOSED_MONTH, closedFor, closingOf } from '../../booking/rules/closed-month.js';
import { EMPLOYMENT_PERIOD } from '../../booking/rules/employment-period.js';
import { OVERLAP } from '../../booking/rules/overlap.js';
import { inRuntime } from '../../booking/time.js';

type Range = Pick<AbsenceSpan, 'start_date' | 'end_date'>;

/** No absence may touch a month closed for the tenant or the employee (stored = the absence before the change). */
export function closedMonths(
  employee: string,
  range: Range,
  closed: { month: string; employee_id: string | null }[],
  stored = false,
): Violation[] {
  for (const month of monthsOf(range.start_date, range.end_date)) {
    const hit = closingOf(closed, employee, month);
    if (hit) {
      const what = stored ? 'The absence as stored lies in a closed month: ' : '';
      return [
        {
          field: 'start_date',
          rule: CLOSED_MONTH,
          message: `${what}The month ${month} is closed ${closedFor(hit)}; no absences can be entered, changed or deleted in it.`,
        },
      ];
    }
  }
  return [];
}

/** Every day must lie inside an employment period (open ends are open). */
export function employment(employee: string, range: Range, periods: readonly Runtime[]): Violation[] {
  for (const date of datesOf(range.start_date, range.end_date)) {
    if (!periods.some((p) => inRuntime(date, p))) {
      const field = date === range.start_date ? 'start_date' : 'end_date';
      return [{ field, rule: EMPLOYMENT_PERIOD, message: `${employee} is not employed on ${date}.` }];
    }
  }
  return [];
}

const timesIntersect = (a: Portion, b: Portion) =>
  a.kind === 'hourly' &&
  b.kind === 'hourly' &&
  a.from !== null &&
  a.to !== null &&
  b.from !== null &&
  b.to !== null &&
  a.from < b.to &&
  b.from < a.to;

/**
 * A day holds one full-day absence alone, or up to two half days and any hourly absences whose times (where both
 * give them) do not intersect. `others` are the employee's absences that still count, the absence itself excluded.
 */
export function overlap(employee: string, mine: AbsenceSpan, others: readonly AbsenceSpan[]): Violation[] {
  const near = others.filter((o) => o.id !== mine.id && o.start_date <= mine.end_date && o.end_date >= mine.start_date);
  if (near.length === 0) return [];
  for (const date of datesOf(mine.start_date, mine.end_date)) {
    const p = portionOn(mine, date)!;
    for (const o of near) {
      const q = portionOn(o, date);
      if (!q) continue;
      const halves = [p, q, ...near.filter((x) => x !== o).map((x) => portionOn(x, date))].filter(
        (x) => x?.kind === 'half',
      ).length;
      if (p.kind === 'full' || q.kind === 'full' || halves > 2 || timesIntersect(p, q)) {
        return [
          {
            field: 'start_date',
            rule: OVERLAP,
            message: `The absence overlaps absence ${o.id} of ${employee} on ${date}.`,
          },
        ];
      }
    }
  }
  return [];
}
