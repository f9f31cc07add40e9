// Rule 5: the date must lie in one of the employee's employment periods; a missing start or end is open-ended
// (contract rule 4).
import { inRuntime } from '../time.js';
import type { Rule } from '../facts.js';

export const EMPLOYMENT_PERIOD = 'employment_period';

export const employmentPeriod: Rule = ({ booking, employment_periods }) =>
  employment_periods.some((p) => inRuntime(booking.date, p))
    ? []
    : [
        {
          field: 'date',
          rule: EMPLOYMENT_PERIOD,
          message: `${booking.employee_id} is not employed on ${booking.date}.`,
        },
      ];
