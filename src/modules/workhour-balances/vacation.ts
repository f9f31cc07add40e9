// Leave entitlement per calendar year from employment periods (docs/api/people.md), pure. A period with
// is_holiday_per_year false grants its period_holiday_entitlement once, in the year it starts; any other grants
// annual_leave_entitlement per year, prorated by the share of the year's days it covers (two decimals).
import { daysIn } from '../../values/dates.js';
import type { PeriodFacts } from './workhour-balances.repository.js';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** `firstDay` stands for an open start (the employee's first day as the balance counts it). */
export function entitlement(periods: readonly PeriodFacts[], year: number, firstDay: string): number {
  const [jan1, dec31] = [`${year}-01-01`, `${year}-12-31`];
  let total = 0;
  for (const p of periods) {
    const start = p.start_date ?? firstDay;
    if (start > dec31 || (p.end_date !== null && p.end_date < jan1)) continue;
    if (p.is_holiday_per_year === false) {
      if (start >= jan1) total += p.period_holiday_entitlement ?? p.annual_leave_entitlement ?? 0;
      continue;
    }
    const covered = daysIn(start > jan1 ? start : jan1, p.end_date !== null && p.end_date < dec31 ? p.end_date : dec31);
    total += ((p.annual_leave_entitlement ?? 0) * covered) / daysIn(jan1, dec31);
  }
  return round2(total);
}
