// Rule: no booking on a day an approved full-day absence of the employee covers. Half days, hourly
// absences and absences not (yet) approved do not block. Switchable per tenant (check_absences, on by default).
import type { Rule } from '../facts.js';

export const ABSENCE = 'absence';

export const absence: Rule = ({ booking, settings, working_day }) =>
  settings.check_absences && working_day.absence?.full
    ? [
        {
          field: 'date',
          rule: ABSENCE,
          message: `${booking.employee_id} is absent on ${booking.date} (an approved full-day absence).`,
        },
      ]
    : [];
