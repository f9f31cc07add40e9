// Generated absences: two absence reasons and, per employee and year, three blocks of approved leave
// (5, 5 and 3 working days, each with its approved leave application) and two sick days. The bookings skip these
// days, so the generated tenant keeps the booking rules.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { between, type Random } from './random.js';

type Row = Record<string, unknown>;
type Insert = (db: Kysely<DB>, table: string, rows: Row[], returning?: boolean) => Promise<number[]>;

export const LEAVE = 'UB';
export const SICK = 'KR';

/** Inserts the reasons and absences; returns the days away as 'username|YYYY-MM-DD'. */
export async function generateAbsences(
  db: Kysely<DB>,
  insertMany: Insert,
  tenant_id: number,
  employees: readonly { username: string; firstDay: string }[],
  days: readonly string[],
  random: Random,
  stamp: { created: string; modified: string },
): Promise<{ away: Set<string>; count: number }> {
  await insertMany(db, 'absence_reasons', [
    {
      tenant_id,
      name: LEAVE,
      comment: 'Urlaub|en:Vacation',
      type: 0,
      approve: 1,
      allow_self_entry: 1,
      allow_half_day_holiday: 1,
      allow_hours_of_vacation: 0,
      color: '#FF8800',
      inform_employee_upon_approval_or_revocation: 1,
      ...stamp,
    },
    {
      tenant_id,
      name: SICK,
      comment: 'Krank|en:Sick',
      type: 1,
      approve: 0,
      allow_self_entry: 1,
      allow_half_day_holiday: 1,
      allow_hours_of_vacation: 1,
      color: '#91300E',
      inform_employee_upon_approval_or_revocation: 0,
      ...stamp,
    },
  ]);
  const away = new Set<string>();
  const leave: { username: string; from: number; length: number }[] = [];
  const sick: { username: string; day: number }[] = [];
  const years = [...new Set(days.map((d) => d.slice(0, 4)))];
  for (const e of employees) {
    const taken = new Set<number>();
    const free = (from: number, length: number) =>
      Array.from({ length }, (_, k) => from + k).every(
        (i) => i < days.length && !taken.has(i) && days[i] >= e.firstDay,
      );
    for (const year of years) {
      const first = days.findIndex((d) => d.startsWith(year));
      const last = first + days.filter((d) => d.startsWith(year)).length - 1;
      for (const length of [5, 5, 3, 1, 1]) {
        for (let attempt = 0; attempt < 10; attempt++) {
          const from = between(random, first, last - length + 1);
          if (!free(from, length)) continue;
          for (let k = 0; k < length; k++) (taken.add(from + k), away.add(`${e.username}|${days[from + k]}`));
          if (length === 1) sick.push({ username: e.username, day: from });
          else leave.push({ username: e.username, from, length });
          break;
        }
      }
    }
  }
  const applicationIds = await insertMany(
    db,
    'leave_approval_applications',
    leave.map((l) => ({
      tenant_id,
      employee_id: l.username,
      requested_at: `${days[Math.max(0, l.from - 20)]} 09:00:00`,
      number_of_days: l.length,
      start_date: days[l.from],
      end_date: days[l.from + l.length - 1],
      status: 1,
      status_edited_since: `${days[Math.max(0, l.from - 18)]} 14:00:00`,
      ...stamp,
    })),
    true,
  );
  const absence = (username: string, reason: string, start: string, end: string, application: number | null) => ({
    tenant_id,
    employee_id: username,
    absence_reason_id: reason,
    start_date: start,
    end_date: end,
    half_day_from: false,
    half_day_to: false,
    approved: true,
    timezone: 'Europe/Berlin',
    leave_approval_application_id: application,
    ...stamp,
  });
  await insertMany(db, 'absences', [
    ...leave.map((l, i) => absence(l.username, LEAVE, days[l.from], days[l.from + l.length - 1], applicationIds[i])),
    ...sick.map((s) => absence(s.username, SICK, days[s.day], days[s.day], null)),
  ]);
  return { away, count: leave.length + sick.length };
}
