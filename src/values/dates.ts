// Calendar dates as 'YYYY-MM-DD' text: day numbers, weekdays, months and ranges, computed without a Date per day
// (and so that 9999-12-31 ends a range like any other day). Shared by the calendar, absences and balances, and by
// the demo data and the /docs examples (months relative to today).
import { addDays, today } from './formats.js';

/** The weekdays, Monday first, as the working-time columns name them. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const DAY_MS = 86_400_000;
/** Days since 1970-01-01. */
export const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
/** Monday = 0 … Sunday = 6 (1970-01-01 was a Thursday). */
export const weekdayIndex = (date: string) => (((dayNumber(date) + 3) % 7) + 7) % 7;
export const maxDate = (a: string, b: string) => (a > b ? a : b);
export const minDate = (a: string, b: string) => (a < b ? a : b);
/** The last day of the date's month. */
export function monthEnd(date: string): string {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  return `${date.slice(0, 8)}${new Date(Date.UTC(y, m, 0)).getUTCDate()}`;
}

/** The months ('YYYY-MM') that [from, to] touches. */
export function monthsOf(from: string, to: string): string[] {
  const index = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
  const out: string[] = [];
  for (let i = index(from); i <= index(to); i++)
    out.push(`${String(Math.floor(i / 12)).padStart(4, '0')}-${String((i % 12) + 1).padStart(2, '0')}`);
  return out;
}

/** Days of each weekday (Monday first) in [from, to], without walking them. */
export function weekdayCounts(from: string, to: string): number[] {
  const n = dayNumber(to) - dayNumber(from) + 1;
  const counts = new Array<number>(7).fill(n > 0 ? Math.floor(n / 7) : 0);
  const first = weekdayIndex(from);
  for (let i = 0; i < (n > 0 ? n % 7 : 0); i++) counts[(first + i) % 7]++;
  return counts;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Each date of [from, to] (counted, so that 9999-12-31 ends it like any other day; no Date per day). */
export function* datesOf(from: string, to: string): Generator<string> {
  const days = dayNumber(to) - dayNumber(from);
  let [y, m, d] = [Number(from.slice(0, 4)), Number(from.slice(5, 7)), Number(from.slice(8, 10))];
  for (let i = 0; i <= days; i++) {
    yield `${String(y).padStart(4, '0')}-${pad2(m)}-${pad2(d)}`;
    if (++d > 28 && d > new Date(Date.UTC(y, m, 0)).getUTCDate()) [y, m, d] = m === 12 ? [y + 1, 1, 1] : [y, m + 1, 1];
  }
}

/** Weekday name of a date (Monday first, as the working-time columns). */
export const weekdayOf = (date: string): Weekday => WEEKDAYS[weekdayIndex(date)];

/** Days in [from, to], both included. */
export const daysIn = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

/** The first day of the month `offset` months from today's. */
export function monthStart(offset: number, now = today()): string {
  const d = new Date(`${now.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + offset);
  return d.toISOString().slice(0, 10);
}

/** The second Monday of the month starting at `first`. */
export const secondMonday = (first: string) =>
  addDays(first, ((8 - new Date(`${first}T00:00:00Z`).getUTCDay()) % 7) + 7);
