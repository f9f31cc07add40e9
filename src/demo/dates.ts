// Dates the demo data is placed at, relative to today: the demo company's records begin on the first day of the
// previous month.
import { addDays, today } from '../values/formats.js';

/** The first day of the month `offset` months from today's. */
export function monthStart(offset: number, now = today()): string {
  const d = new Date(`${now.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + offset);
  return d.toISOString().slice(0, 10);
}

/** The second Monday of the month starting at `first`. */
export const secondMonday = (first: string) =>
  addDays(first, ((8 - new Date(`${first}T00:00:00Z`).getUTCDay()) % 7) + 7);
