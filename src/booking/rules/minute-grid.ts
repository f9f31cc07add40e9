// Tenant minute grid (e.g. 15): from and to must fall on it; off by default.
import { minutesOf } from '../time.js';
import type { Rule, Violation } from '../facts.js';

export const MINUTE_GRID = 'minute_grid';

export const minuteGrid: Rule = ({ booking, settings }) => {
  const grid = settings.minute_grid;
  if (!grid) return [];
  const out: Violation[] = [];
  for (const field of ['from', 'to'] as const) {
    const t = booking[field];
    if (minutesOf(t) % grid !== 0 || t.slice(6, 8) !== '00')
      out.push({ field, rule: MINUTE_GRID, message: `The ${field} time must fall on the ${grid}-minute grid.` });
  }
  return out;
};
