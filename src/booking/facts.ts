// What the booking rules decide on. The attendance service loads these facts (in one transaction) and the
// rules are pure functions over them, so each rule is unit-testable without a database.

/** A booking as the rules see it (the merged record on PATCH). Dates 'YYYY-MM-DD', times 'HH:MM:SS'. */
export interface Booking {
  id?: number;
  employee_id: string;
  date: string;
  from: string;
  to: string;
  /** Hours. */
  duration: number;
  billable: boolean;
  is_travel: boolean;
  project_id: number;
  project_task_id: number;
  ticket_id: number | null;
  subtask_id: number | null;
}

export interface Runtime {
  start_date: string | null;
  end_date: string | null;
}

/** plan_can_exceed / prevent_overbooking (docs/api/conventions.md): who may exceed the planned hours. */
export enum PlanExceed {
  All = 0,
  OnlyNonBillable = 1,
  None = 2,
  TravelOrNonBillable = 3,
  OnlyTravel = 4,
}

export interface PlannedItem extends Runtime {
  id: number;
  /** Planned hours; null or 0 = no plan. */
  planned_hours: number | null;
  /** Hours already booked on the item, without the booking being checked. */
  booked_hours: number;
  /** Who may exceed the plan (tasks follow their project). */
  exceed: PlanExceed;
}

export interface BookingSettings {
  /** Days before today that may still be booked; null = unlimited. */
  recording_days_back: number | null;
  /** Days after today that may already be booked; null = unlimited. */
  recording_days_ahead: number | null;
  /** Refuse bookings on non-working days and holidays (default on). */
  check_non_working_days: boolean;
  /** Minute grid for from/to (e.g. 15); null = off. */
  minute_grid: number | null;
  /** The tenant records durations only: `duration` is required. */
  duration_only: boolean;
  /** Refuse bookings on days of an approved full-day absence (default on). */
  check_absences: boolean;
}

export const DEFAULT_BOOKING_SETTINGS: BookingSettings = {
  recording_days_back: null,
  recording_days_ahead: null,
  check_non_working_days: true,
  minute_grid: null,
  duration_only: false,
  check_absences: true,
};

export interface WorkingDay {
  /** Is the weekday of the date a working day in the employee's regular working time? null = no record, or neither flag nor hours set. */
  weekday_is_workday: boolean | null;
  /** Scheduled hours of that weekday; null = no record or none set. */
  hours: number | null;
  /** The holiday on that date in the record's calendar, if any. */
  holiday: { name: string; half_day: boolean } | null;
  /** The employee's approved absences on that date, if any. */
  absence: DayAbsence | null;
}

/** What an employee's absences take of one day. */
export interface DayAbsence {
  /** A full-day absence covers the day. */
  full: boolean;
  /** Half days on the day (a morning and an afternoon may be two). */
  half_days: number;
  /** Hours of hourly absences on the day. */
  hours: number;
}

export interface OtherBooking {
  id: number;
  date: string;
  from: string;
  to: string;
}

export interface BookingFacts {
  booking: Booking;
  today: string;
  settings: BookingSettings;
  /** Closed months that concern this employee ('YYYY-MM'; employee null = whole tenant). */
  closed_months: { month: string; employee_id: string | null }[];
  approval_date: string | null;
  working_day: WorkingDay;
  employment_periods: Runtime[];
  project: (PlannedItem & { bookable: boolean; status: string }) | null;
  task: PlannedItem | null;
  ticket: PlannedItem | null;
  subtask: PlannedItem | null;
  /** The employee's bookings that intersect the booking's time span (without the booking itself). */
  overlapping: OtherBooking[];
}

export interface Violation {
  /** Request field the violation is reported on. */
  field: string;
  /** Stable machine-readable rule code. */
  rule: string;
  message: string;
}

export type Rule = (facts: BookingFacts) => Violation[];

/** What the lock rules (closed month, approval date, recording period) read: they also answer for a whole day. */
export type LockFacts = Pick<BookingFacts, 'today' | 'settings' | 'closed_months' | 'approval_date'> & {
  booking: Pick<Booking, 'employee_id' | 'date'>;
};

/** A lock rule: decides on the day alone, so it is a Rule and also answers whether a day is locked. */
export type LockRule = (facts: LockFacts) => Violation[];
