// A valid booking's facts; each test changes what its rule looks at.
import { DEFAULT_BOOKING_SETTINGS, PlanExceed, type BookingFacts, type PlannedItem } from '../../src/booking/facts.js';

export function plan(over: Partial<PlannedItem> = {}): PlannedItem {
  return {
    id: 1,
    start_date: null,
    end_date: null,
    planned_hours: null,
    booked_hours: 0,
    exceed: PlanExceed.All,
    ...over,
  };
}

export function facts(over: Partial<BookingFacts> = {}, booking: Partial<BookingFacts['booking']> = {}): BookingFacts {
  return {
    booking: {
      employee_id: 'max',
      date: '2026-03-10',
      from: '09:00:00',
      to: '12:00:00',
      duration: 3,
      billable: true,
      is_travel: false,
      project_id: 1,
      project_task_id: 2,
      ticket_id: null,
      subtask_id: null,
      ...booking,
    },
    today: '2026-03-12',
    settings: { ...DEFAULT_BOOKING_SETTINGS },
    closed_months: [],
    approval_date: null,
    working_day: { weekday_is_workday: true, hours: 8, holiday: null, absence: null },
    employment_periods: [{ start_date: '2020-01-01', end_date: null }],
    project: { ...plan(), bookable: true, status: 'aktiv' },
    task: plan({ id: 2 }),
    ticket: null,
    subtask: null,
    overlapping: [],
    ...over,
  };
}
