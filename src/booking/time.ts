// Time arithmetic of bookings. A booking ending at 00:00 ends at the start of the next day (contract rule 5).
import { addDays } from '../values/formats.js';

export const MIDNIGHT = '00:00:00';

export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The calendar day the booking ends on: date + 1 when `to` is 00:00. */
export const endDateOf = (date: string, to: string) => (to === MIDNIGHT ? addDays(date, 1) : date);

/** Comparable instants 'YYYY-MM-DD HH:MM:SS' of a booking's start and end. */
export function spanOf(date: string, from: string, to: string): { start: string; end: string } {
  return { start: `${date} ${from}`, end: `${endDateOf(date, to)} ${to}` };
}

/** Hours between from and to (to = 00:00 counts as 24:00), to 10 decimals as the live system prints them. */
export function durationHours(from: string, to: string): number {
  const end = to === MIDNIGHT ? 24 * 60 : minutesOf(to);
  const seconds =
    (end - minutesOf(from)) * 60 + (to === MIDNIGHT ? 0 : Number(to.slice(6, 8))) - Number(from.slice(6, 8));
  return Math.round((seconds / 3600) * 1e10) / 1e10;
}

/** Is `to` after `from` (or 00:00, ending at midnight)? */
export const endsAfterStart = (from: string, to: string) => to === MIDNIGHT || to > from;

/** Half-open intervals [a.start, a.end) and [b.start, b.end) intersect; touching bookings do not. */
export function overlaps(a: { start: string; end: string }, b: { start: string; end: string }): boolean {
  return a.start < b.end && b.start < a.end;
}

export const inRuntime = (date: string, r: { start_date: string | null; end_date: string | null }) =>
  (r.start_date === null || r.start_date <= date) && (r.end_date === null || date <= r.end_date);
