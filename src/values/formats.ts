// Plain values in their wire and storage forms, in one place (docs/api/conventions.md). Storage uses plain text
// forms: dates 'YYYY-MM-DD', times 'HH:MM:SS', timestamps 'YYYY-MM-DD HH:MM:SS' (UTC); booleans are true/false on
// PostgreSQL and 1/0 on SQLite. Shared by repositories, the booking rules and the HTTP layer alike.

/** DB boolean (true/false or 1/0) -> boolean, keeping null. */
export function toBool(value: unknown): boolean | null {
  if (value === null || value === undefined) return null;
  return value === true || value === 1 || value === '1';
}

/** Add days to a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Current UTC timestamp in storage form. */
export function nowTimestamp(date: Date = new Date()): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Today's date (UTC) as 'YYYY-MM-DD'. */
export function today(date: Date = new Date()): string {
  return date.toISOString().slice(0, 10);
}

/** Record timestamp -> 'YYYY-MM-DDTHH:MM:SS.000000Z'. */
export function outTimestamp(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  return `${value.slice(0, 10)}T${value.slice(11, 19)}.000000Z`;
}

/**
 * Record timestamp -> 'YYYY-MM-DDTHH:MM:SS+00:00': the date-time with offset the contract gives planning entries'
 * `created_at`/`updated_at` and the live system writes for offset timestamps (docs/api/plannings.md).
 */
export function outOffsetTimestamp(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  return `${value.slice(0, 10)}T${value.slice(11, 19)}+00:00`;
}

/** Date-only value typed date-time by the contract -> 'YYYY-MM-DDT00:00:00.000000Z'. */
export function outDate(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  return `${value.slice(0, 10)}T00:00:00.000000Z`;
}

/** Time of day -> 'HH:MM:SS'. */
export function outTime(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  return value.length === 5 ? `${value}:00` : value.slice(0, 8);
}

/** 'HH:MM' or 'HH:MM:SS' from a request -> 'HH:MM:SS'. */
export function inTime(value: string): string {
  return value.length === 5 ? `${value}:00` : value;
}

/** Decimal text with a fixed scale, e.g. 19 -> "19.0000" (docs/api/conventions.md). */
export function decimalText(value: number | null | undefined, scale: number): string | null {
  if (value === null || value === undefined) return null;
  return Number(value).toFixed(scale);
}

/** Parse a JSON text column, tolerating null. */
export function fromJson<T>(value: string | null | undefined, fallback: T): T {
  if (value === null || value === undefined || value === '') return fallback;
  return JSON.parse(value) as T;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * A list filter timestamp: ISO 8601 or 'Y-m-d H:i:s' (contract list conventions). Values without a zone are UTC.
 * Returns the storage form, or null when the text is not a real timestamp.
 */
export function parseFilterTimestamp(text: string): string | null {
  const m = ISO.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', zone] = m;
  const base = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s);
  const check = new Date(base);
  if (check.getUTCFullYear() !== +y || check.getUTCMonth() !== +mo - 1 || check.getUTCDate() !== +d) return null;
  if (+h > 23 || +mi > 59 || +s > 59) return null;
  let offsetMinutes = 0;
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const [oh, om] = [Number(digits.slice(0, 2)), Number(digits.slice(2, 4) || '0')];
    if (oh > 23 || om > 59) return null;
    offsetMinutes = sign * (oh * 60 + om);
  }
  const result = nowTimestamp(new Date(base - offsetMinutes * 60_000));
  return result < '1000' ? null : result; // four-digit years only (PostgreSQL has no year 0)
}

/** Is 'YYYY-MM-DD' a real calendar date? */
export function isValidDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}
