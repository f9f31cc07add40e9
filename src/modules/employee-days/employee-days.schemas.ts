// GET /employees/{username}/days (zeitkonto extension): an employee's days over a date range, each with its target
// hours, holiday, absences, booked hours and whether it is locked for bookings, and the projects the employee may
// book on — what a booking screen shows beside the bookings, in one request (docs/api/attendances.md "An employee's
// days").
import { Type, type Static } from '@sinclair/typebox';
import { DateIn, DateOnly, IntIdName, Nullable } from '../../http/schemas.js';

/** The longest range one request answers (a year and a month: a month view with the balance of the months before). */
export const MAX_DAYS = 400;

export const EmployeeDaysQuery = Type.Object({
  start_date: Type.Optional(DateIn({ description: "First day of the range; default: this week's Monday." })),
  end_date: Type.Optional(
    DateIn({
      description: `Last day of the range (on or after start_date; at most ${MAX_DAYS} days); default: six days after start_date.`,
    }),
  ),
});

export const DayAbsence = Type.Object({
  id: Type.Integer({ description: 'The absence (GET /absences/{id}).' }),
  absence_reason_id: Type.String({ description: "The absence reason's name." }),
  portion: Type.String({
    enum: ['full', 'half', 'hours'],
    description: 'What the absence takes of this day: the whole day, half of it, or `hours`.',
  }),
  hours: Nullable(Type.Number({ description: 'Hours on this day of an hourly absence; null otherwise.' })),
  approved: Type.Boolean({ description: 'false: requested, not yet approved (it does not lower the target).' }),
});

export const EmployeeDay = Type.Object({
  date: DateOnly(),
  working_day: Type.Boolean({
    description: "The employee's regular working time makes the weekday a working day (without one: every day).",
  }),
  scheduled_hours: Type.Number({ description: 'Hours the working time asks for on the weekday, before holidays.' }),
  target_hours: Type.Number({
    description:
      'Target hours of the day, as the working-time balance counts them: the scheduled hours less holidays and approved absences (flexitime days off excepted); 0 outside the employment periods.',
  }),
  employed: Type.Boolean({ description: 'The day is in one of the employment periods.' }),
  holiday: Nullable(
    Type.Object({ name: Type.String(), half_day: Type.Boolean() }, { description: "The working time's calendar." }),
  ),
  absences: Type.Array(DayAbsence, {
    description: 'Absences on the day that count (rejected and revoked ones do not).',
  }),
  booked_hours: Type.Number({ description: 'Hours of the bookings (attendances) on the day.' }),
  locked: Nullable(
    Type.Object(
      { rule: Type.String(), message: Type.String() },
      {
        description:
          'Why no booking can be made, changed or deleted on the day: the lock rule it breaks (closed_month, approval_date, recording_period; docs/api/attendances.md "Booking rules") with its message; null when the day is open.',
      },
    ),
  ),
});

export const EmployeeDayProject = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  default_billability: IntIdName(),
});

export const EmployeeDays = Type.Object({
  employee_id: Type.String({ description: 'Username.' }),
  start_date: DateOnly(),
  end_date: DateOnly(),
  days: Type.Array(EmployeeDay, { description: 'Every day of the range, in order.' }),
  projects: Type.Array(EmployeeDayProject, {
    description: 'The projects the employee is assigned to (GET /employees/{username}/projects), by name.',
  }),
});
export type EmployeeDaysT = Static<typeof EmployeeDays>;
export type EmployeeDayT = Static<typeof EmployeeDay>;
