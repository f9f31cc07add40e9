// Rule 1: no booking in a month closed for the whole tenant or for this employee.
import type { Rule } from '../facts.js';

export const CLOSED_MONTH = 'closed_month';

export const closedMonth: Rule = ({ booking, closed_months }) => {
  const month = booking.date.slice(0, 7);
  const hit = closed_months.find((c) => c.month === month && (c.employee_id === null || c.employee_id === booking.employee_id));
  if (!hit) return [];
  const whom = hit.employee_id === null ? 'for the whole company' : `for ${hit.employee_id}`;
  return [{ field: 'date', rule: CLOSED_MONTH, message: `The month ${month} is closed ${whom}; no bookings can be made or changed in it.` }];
};
