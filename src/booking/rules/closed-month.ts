// Rule 1: no booking in a month closed for the whole tenant or for this employee. Absences follow the same rule
// (modules/absences/absence-rules.ts) through closingOf.
import type { BookingFacts, LockRule } from '../facts.js';

export const CLOSED_MONTH = 'closed_month';

type Closing = BookingFacts['closed_months'][number];

/** The closing that locks `month` ('YYYY-MM') for the employee, if any. */
export const closingOf = (closed: readonly Closing[], employee: string, month: string): Closing | undefined =>
  closed.find((c) => c.month === month && (c.employee_id === null || c.employee_id === employee));

/** "for the whole company" / "for <username>". */
export const closedFor = (c: Closing) => (c.employee_id === null ? 'for the whole company' : `for ${c.employee_id}`);

export const closedMonth: LockRule = ({ booking, closed_months }) => {
  const month = booking.date.slice(0, 7);
  const hit = closingOf(closed_months, booking.employee_id, month);
  if (!hit) return [];
  return [
    {
      field: 'date',
      rule: CLOSED_MONTH,
      message: `The month ${month} is closed ${closedFor(hit)}; no bookings can be made or changed in it.`,
    },
  ];
};
