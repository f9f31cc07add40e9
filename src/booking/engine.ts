// The booking rules engine: runs every rule and returns ALL violations at once (contract rule 3); the
// service that asked turns them into its error (this package knows nothing of HTTP).
import type { BookingFacts, LockFacts, LockRule, Rule, Violation } from './facts.js';
import { closedMonth } from './rules/closed-month.js';
import { approvalDate } from './rules/approval-date.js';
import { recordingPeriod } from './rules/recording-period.js';
import { nonWorkingDay } from './rules/non-working-day.js';
import { employmentPeriod } from './rules/employment-period.js';
import { projectBookable, runtime } from './rules/runtime.js';
import { plannedHours } from './rules/planned-hours.js';
import { overlap } from './rules/overlap.js';
import { minuteGrid } from './rules/minute-grid.js';
import { absence } from './rules/absence.js';

/** Every rule, in the order their messages are reported. */
export const RULES: readonly Rule[] = [
  closedMonth,
  approvalDate,
  recordingPeriod,
  nonWorkingDay,
  absence,
  employmentPeriod,
  runtime,
  projectBookable,
  plannedHours,
  overlap,
  minuteGrid,
];

/** The lock rules, which also guard DELETE and changes to an existing booking's original date. */
export const LOCK_RULES: readonly LockRule[] = [closedMonth, approvalDate, recordingPeriod];

/** Why a day cannot be booked (the first lock rule it breaks), or null: what GET /employees/{username}/days shows. */
export const dayLock = (facts: LockFacts): Violation | null =>
  LOCK_RULES.map((rule) => rule(facts)).find((v) => v.length > 0)?.[0] ?? null;

export function evaluate(facts: BookingFacts, rules: readonly Rule[] = RULES): Violation[] {
  return rules.flatMap((rule) => rule(facts));
}
