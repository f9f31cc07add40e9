// Rule 4: no booking on a non-working day or a (full-day) holiday of the employee's regular working time.
// Switchable per tenant (check_non_working_days, on by default). Without a working-time record the day counts
// as a working day; a half-day holiday is still a working day.
import type { Rule } from '../facts.js';

export const NON_WORKING_DAY = 'non_working_day';

export const nonWorkingDay: Rule = ({ booking, settings, working_day }) => {
  if (!settings.check_non_working_days) return [];
  if (working_day.holiday && !working_day.holiday.half_day) {
    return [
      {
        field: 'date',
        rule: NON_WORKING_DAY,
        message: `The date ${booking.date} is a holiday (${working_day.holiday.name}).`,
      },
    ];
  }
  if (working_day.weekday_is_workday === false) {
    return [
      {
        field: 'date',
        rule: NON_WORKING_DAY,
        message: `The date ${booking.date} is not a working day for ${booking.employee_id}.`,
      },
    ];
  }
  return [];
};
