// GET /employees/{username}/days (zeitkonto extension; docs/api/attendances.md "An employee's days").
import type { ZkApp } from '../../types.js';
import { responses, Single, StringKey } from '../../http/schemas.js';
import { fieldError } from '../../values/errors.js';
import { daysIn, weekdayIndex } from '../../values/dates.js';
import { addDays, today } from '../../values/formats.js';
import { scopeOf } from '../crud/index.js';
import { EmployeeDays, EmployeeDaysQuery, MAX_DAYS } from './employee-days.schemas.js';
import { employeeDays } from './employee-days.service.js';

export default async function employeeDayRoutes(app: ZkApp) {
  app.get(
    '/employees/:username/days',
    {
      config: { extension: true },
      schema: {
        summary: "An employee's days: target hours, holidays, absences, booked hours, locks (zeitkonto extension)",
        description: `Every day of [start_date, end_date] (at most ${MAX_DAYS} days) as a booking screen shows it: the target hours of the working time (as the working-time balance counts them), the holiday, the absences that count, the hours booked, and whether the day is locked for bookings (closed month, approval date, recording period) with the rule's message; and the projects the employee is assigned to. People read their own days; controllers and administrators everyone's (docs/api/permissions.md).`,
        tags: ['Attendances'],
        params: StringKey('username'),
        querystring: EmployeeDaysQuery,
        response: responses({ 200: Single(EmployeeDays) }),
      },
    },
    async (req) => {
      const from = req.query.start_date ?? addDays(today(), -weekdayIndex(today()));
      const to = req.query.end_date ?? addDays(from, 6);
      if (daysIn(from, to) > MAX_DAYS) throw fieldError('end_date', `The range may span at most ${MAX_DAYS} days.`);
      return { data: await employeeDays(scopeOf(app, req), req.params.username, from, to) };
    },
  );
}
