// An employee's calendar: which days are working days, how many hours each day asks for, the holidays of the
// working time's calendar and the employee's absences. The one loader (working-day.repository.ts) builds it; the
// booking rules ask it for one day, absences for the working days of a range, balances for the target hours of a
// range, plannings for the regular hours, working days and targets of their days. Pure: no SQL. Decisions:
// docs/api/absences.md ("Working days and targets").
import { addDays } from '../values/formats.js';
import {
  datesOf,
  maxDate,
  minDate,
  monthEnd,
  monthsOf,
  weekdayCounts,
  weekdayOf,
  WEEKDAYS,
  type Weekday,
} from '../values/dates.js';
import type { DayAbsence, WorkingDay } from './facts.js';

export interface WorkingTimeRecord {
  id: number;
  start_date: string | null;
  hours: Record<Weekday, number | null>;
  workday: Record<Weekday, boolean | null>;
  /** Hours of a month spread evenly over its working weekdays (is_monthly); null = the weekday hours apply. */
  monthly_hours: number | null;
  holiday_calendar_id: number | null;
}

export interface Holiday {
  name: string;
  half_day: boolean;
}

/** An absence as the calendar sees it (rejected and revoked ones are never loaded). */
export interface AbsenceSpan {
  id: number;
  start_date: string;
  end_date: string;
  /** The first / last day is only a half day. */
  half_day_from: boolean;
  half_day_to: boolean;
  /** Hours on each day of an hourly absence; null for full and half days. */
  hours: number | null;
  time_from: string | null;
  time_to: string | null;
  approved: boolean;
  /** Reason type (0 annual holiday, 1 paid, 2 unpaid, 3 flexitime). */
  reason_type: number;
  /** The absence reason's name (loaded by working-day.repository.ts). */
  absence_reason_id?: string;
}

/** What an absence takes of one of its days. */
export type Portion =
  { kind: 'full' } | { kind: 'half' } | { kind: 'hourly'; hours: number; from: string | null; to: string | null };

export const ANNUAL_HOLIDAY = 0;
/** A flexitime day off is taken from the balance: it does not lower the target hours. */
export const FLEXITIME = 3;

const round = (n: number) => Math.round(n * 1e10) / 1e10;

/** What an absence takes of `date` (null when the date is outside it). */
export function portionOn(a: AbsenceSpan, date: string): Portion | null {
  if (date < a.start_date || date > a.end_date) return null;
  if (a.hours !== null) return { kind: 'hourly', hours: a.hours, from: a.time_from, to: a.time_to };
  const half = (date === a.start_date && a.half_day_from) || (date === a.end_date && a.half_day_to);
  return half ? { kind: 'half' } : { kind: 'full' };
}

function summary(portions: Portion[]): DayAbsence | null {
  if (portions.length === 0) return null;
  return {
    full: portions.some((p) => p.kind === 'full'),
    half_days: portions.filter((p) => p.kind === 'half').length,
    hours: round(portions.reduce((h, p) => h + (p.kind === 'hourly' ? p.hours : 0), 0)),
  };
}

/** Is the weekday a working day in the record: its flag when set, else hours > 0, else unknown (null). */
function workdayFlag(r: WorkingTimeRecord, wd: Weekday): boolean | null {
  const flag = r.workday[wd];
  if (flag !== null) return flag;
  const hours = r.hours[wd];
  return hours !== null ? hours > 0 : null;
}

export class EmployeeCalendar {
  /** Records by start (no start first); of two with one start only the newest. */
  readonly #records: WorkingTimeRecord[];
  #days: Map<string, { span: AbsenceSpan; portion: Portion }[]> | undefined;

  constructor(
    readonly username: string,
    records: readonly WorkingTimeRecord[],
    /** Holidays per calendar id, by date. */
    readonly holidays: ReadonlyMap<number, ReadonlyMap<string, Holiday>>,
    readonly absences: readonly AbsenceSpan[],
  ) {
    const sorted = [...records].sort((a, b) => (a.start_date ?? '').localeCompare(b.start_date ?? '') || a.id - b.id);
    this.#records = sorted.filter((r, i) => sorted[i + 1]?.start_date !== r.start_date);
  }

  /** The working time valid on `date`: the latest start on or before it; no start = the earliest. */
  recordOn(date: string): WorkingTimeRecord | undefined {
    for (let i = this.#records.length - 1; i >= 0; i--) {
      const start = this.#records[i].start_date;
      if (start === null || start <= date) return this.#records[i];
    }
    return undefined;
  }

  holidayOn(date: string): Holiday | null {
    const calendar = this.recordOn(date)?.holiday_calendar_id;
    return (calendar != null && this.holidays.get(calendar)?.get(date)) || null;
  }

  /** The day as the booking rules see it: working weekday, its hours, holiday and approved absences. */
  day(date: string): WorkingDay {
    const record = this.recordOn(date);
    if (!record) return { weekday_is_workday: null, hours: null, holiday: null, absence: this.absenceOn(date) };
    const wd = weekdayOf(date);
    return {
      weekday_is_workday: workdayFlag(record, wd),
      hours: record.hours[wd],
      holiday: this.holidayOn(date),
      absence: this.absenceOn(date),
    };
  }

  /** Every absence on `date` that counts, approved or not yet, with what it takes of the day. */
  absencesOn(date: string): { span: AbsenceSpan; portion: Portion }[] {
    return this.absences.flatMap((span) => {
      const portion = portionOn(span, date);
      return portion ? [{ span, portion }] : [];
    });
  }

  /** Approved absences on `date` (what makes the employee away); `credited` keeps only those that lower the target. */
  absenceOn(date: string, credited = false): DayAbsence | null {
    const day = this.#approvedDays().get(date) ?? [];
    return summary((credited ? day.filter((d) => d.span.reason_type !== FLEXITIME) : day).map((d) => d.portion));
  }

  /** The days of approved absences, each with what the absences take of it: built once, on first use. */
  #approvedDays(): Map<string, { span: AbsenceSpan; portion: Portion }[]> {
    if (this.#days) return this.#days;
    this.#days = new Map();
    for (const span of this.absences) {
      if (!span.approved) continue;
      for (const date of datesOf(span.start_date, span.end_date)) {
        if (!this.#days.has(date)) this.#days.set(date, []);
        this.#days.get(date)!.push({ span, portion: portionOn(span, date)! });
      }
    }
    return this.#days;
  }

  /** Approved absences per day in [from, to] (days without one are left out): the days the employee is away. */
  absencesIn(from: string, to: string): Map<string, DayAbsence> {
    const out = new Map<string, DayAbsence>();
    for (const date of this.#approvedDays().keys())
      if (date >= from && date <= to) out.set(date, this.absenceOn(date)!);
    return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
  }

  /** Hours the working time asks for on `date`, before holidays and absences. */
  scheduledHours(date: string): number {
    const r = this.recordOn(date);
    if (!r) return 0;
    const wd = weekdayOf(date);
    if (r.monthly_hours !== null) return this.#monthlyWorkday(r, wd) ? this.#perMonthlyDay(r, date) : 0;
    return r.workday[wd] === false ? 0 : (r.hours[wd] ?? 0);
  }

  /** Target hours of `date`: zero on full-day holidays and credited full-day absences, less for half days and hours. */
  targetOn(date: string, scheduled = this.scheduledHours(date)): number {
    if (scheduled === 0) return 0;
    const holiday = this.holidayOn(date);
    let left = scheduled;
    if (holiday) left = holiday.half_day ? scheduled / 2 : 0;
    const absence = this.absenceOn(date, true);
    if (absence) left = absence.full ? 0 : left - (absence.half_days * scheduled) / 2 - absence.hours;
    return Math.max(0, left);
  }

  /** Target hours of [from, to]: weekday arithmetic per working-time segment, then each holiday and absence day. */
  targetHours(from: string, to: string): number {
    if (to < from) return 0;
    let total = 0;
    this.#records.forEach((r, i) => {
      const next = this.#records[i + 1]?.start_date;
      const a = maxDate(from, r.start_date ?? from);
      const b = minDate(to, next ? addDays(next, -1) : to);
      if (a <= b) total += this.#segmentHours(r, a, b);
    });
    for (const date of this.#specialDates(from, to)) {
      const scheduled = this.scheduledHours(date);
      total -= scheduled - this.targetOn(date, scheduled);
    }
    return round(total);
  }

  /**
   * Working days an absence takes in [from, to] (its whole range by default): 1 per working day (0.5 on half-day
   * holidays, 0 on full-day holidays and non-working days), 0.5 for a half day, hours / scheduled hours for an
   * hourly absence. Without a working time every day is a working day (as for the booking rules).
   */
  absenceDays(a: AbsenceSpan, from = a.start_date, to = a.end_date): number {
    let days = 0;
    for (const date of datesOf(maxDate(from, a.start_date), minDate(to, a.end_date))) {
      const record = this.recordOn(date);
      if (record && workdayFlag(record, weekdayOf(date)) === false) continue;
      const holiday = this.holidayOn(date);
      let value = 1;
      if (holiday) value = holiday.half_day ? 0.5 : 0;
      const p = portionOn(a, date)!;
      if (value === 0) continue;
      if (p.kind === 'full') days += value;
      else if (p.kind === 'half') days += Math.min(0.5, value);
      else {
        const scheduled = this.scheduledHours(date);
        if (scheduled > 0) days += Math.min(value, p.hours / scheduled);
      }
    }
    return round(days);
  }

  #segmentHours(r: WorkingTimeRecord, from: string, to: string): number {
    if (r.monthly_hours === null) {
      const counts = weekdayCounts(from, to);
      return WEEKDAYS.reduce((h, wd, i) => h + counts[i] * (r.workday[wd] === false ? 0 : (r.hours[wd] ?? 0)), 0);
    }
    let hours = 0;
    for (const month of monthsOf(from, to)) {
      const start = maxDate(from, `${month}-01`);
      const counts = weekdayCounts(start, minDate(to, monthEnd(start)));
      hours +=
        WEEKDAYS.reduce((n, wd, i) => n + (this.#monthlyWorkday(r, wd) ? counts[i] : 0), 0) *
        this.#perMonthlyDay(r, start);
    }
    return hours;
  }

  /** Monthly records share their hours among the weekdays marked as working days (Monday–Friday when none is). */
  #monthlyWorkday(r: WorkingTimeRecord, wd: Weekday): boolean {
    const any = WEEKDAYS.some((d) => workdayFlag(r, d) !== null);
    return any ? workdayFlag(r, wd) === true : WEEKDAYS.indexOf(wd) < 5;
  }

  #perMonthlyDay(r: WorkingTimeRecord, date: string): number {
    const counts = weekdayCounts(`${date.slice(0, 7)}-01`, monthEnd(date));
    const days = WEEKDAYS.reduce((n, wd, i) => n + (this.#monthlyWorkday(r, wd) ? counts[i] : 0), 0);
    return days > 0 ? (r.monthly_hours ?? 0) / days : 0;
  }

  /** Dates in [from, to] whose target is not the plain schedule: holidays of the calendar then valid, absence days. */
  #specialDates(from: string, to: string): Set<string> {
    const dates = new Set<string>();
    for (const [calendar, days] of this.holidays) {
      for (const date of days.keys())
        if (date >= from && date <= to && this.recordOn(date)?.holiday_calendar_id === calendar) dates.add(date);
    }
    for (const [date, day] of this.#approvedDays())
      if (date >= from && date <= to && day.some((d) => d.span.reason_type !== FLEXITIME)) dates.add(date);
    return dates;
  }
}
