// What an hour of a booking is worth (docs/api/reports.md "Valuation"): the project's effective price tables (its own,
// else its customer's, else the tenant's base tables: projects.present.ts effectivePriceTables, the chain of
// GET /projects/{id}/price-tables?fallback=true), the one of them in force on the booking's date, and in it the hourly
// price of the employee's price group — for the booking's activity when the table names one, else for every activity.
// An hour of internal cost is the employee's internal rate in force on the date (hourly rates only).
import type { PriceTableT } from './price-tables.schemas.js';

/** What the rate of a booking depends on. */
export interface RateKey {
  price_group: string | null;
  /** The booking's activity (its name). */
  activity: string;
  /** YYYY-MM-DD */
  date: string;
}

export interface Rate {
  rate: number;
  price_table_id: number;
}

/** A table's first day (YYYY-MM-DD), or '' when it applies from the beginning. */
const startOf = (t: Pick<PriceTableT, 'start_date'>) => (t.start_date ?? '').slice(0, 10);

/** The table in force on `date`: the latest start on or before it (a table without start applies from the beginning). */
export function tableInForce(tables: readonly PriceTableT[], date: string): PriceTableT | undefined {
  let best: PriceTableT | undefined;
  for (const t of tables) {
    const start = startOf(t);
    if (start > date) continue;
    if (!best || start > startOf(best) || (start === startOf(best) && t.id > best.id)) best = t;
  }
  return best;
}

/** Hourly prices only: `basehour` (or no type); daily and flat prices value no hours. */
const hourly = (type: PriceTableT['prices'][number]['type']) => type === null || type.id === 'basehour';

/** The hourly rate the tables give a booking, or null when none applies (no table, price group or price). */
export function bookingRate(tables: readonly PriceTableT[], key: RateKey): Rate | null {
  if (key.price_group === null) return null;
  const table = tableInForce(tables, key.date);
  if (!table) return null;
  const prices = table.prices.filter((p) => p.price_group === key.price_group && hourly(p.type));
  const price = prices.find((p) => p.activity === key.activity) ?? prices.find((p) => p.activity === null);
  return price ? { rate: price.price, price_table_id: table.id } : null;
}

/** The dates on which some table of `tables` starts: a rate can change only there. */
export const rateChangeDates = (tables: readonly PriceTableT[]): string[] =>
  tables.map(startOf).filter((d) => d !== '');

export interface InternalRateRow {
  start_date: string;
  internal_rate: number;
  rate_type: number;
}

/** Internal rate types (values/labels.ts rate_type): 1 is hourly. */
const HOURLY_RATE = 1;

/** The employee's hourly internal rate in force on `date` (the latest start on or before it), or null. */
export function internalRateOn(rates: readonly InternalRateRow[], date: string): number | null {
  let best: InternalRateRow | undefined;
  for (const r of rates) if (r.start_date.slice(0, 10) <= date && (!best || r.start_date > best.start_date)) best = r;
  return best && Number(best.rate_type) === HOURLY_RATE ? Number(best.internal_rate) : null;
}
