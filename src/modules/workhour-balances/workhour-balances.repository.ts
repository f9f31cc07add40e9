// SQL for working-time balances: a page of employees, their employment periods, and their booked hours before a day
// — one grouped query over the page's employees, read by the (employee, date) index, never the tenant's bookings.
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { ListSpec } from '../../db/list-spec.js';
import { toBool } from '../../values/formats.js';

export const balanceListSpec: ListSpec = {
  key: ['id'],
  sortable: { id: 'id', employee_id: 'username' },
  modified: false,
};

export function listBalanceEmployees(db: TenantDb, f: { employee_id?: string }) {
  let q = db.selectFrom('employees').select(['id', 'username', 'created', 'modified']);
  if (f.employee_id !== undefined) q = q.where('username', '=', f.employee_id);
  return q;
}

export type BalanceEmployee = { id: number; username: string; created: string | null; modified: string | null };

export const findBalanceEmployee = (db: TenantDb, id: number) =>
  listBalanceEmployees(db, {}).where('id', '=', id).executeTakeFirst();

export interface PeriodFacts {
  start_date: string | null;
  end_date: string | null;
  annual_leave_entitlement: number | null;
  period_holiday_entitlement: number | null;
  is_holiday_per_year: boolean | null;
}

/** Employment periods of these employees, by username. */
export async function periodsOf(db: TenantDb, usernames: string[]): Promise<Map<string, PeriodFacts[]>> {
  const out = new Map<string, PeriodFacts[]>(usernames.map((u) => [u, []]));
  if (usernames.length === 0) return out;
  const rows = await db
    .selectFrom('employment_periods')
    .select([
      'employee_id',
      'start_date',
      'end_date',
      'annual_leave_entitlement',
      'period_holiday_entitlement',
      'is_holiday_per_year',
    ])
    .where('employee_id', 'in', usernames)
    .execute();
  const num = (v: unknown) => (v === null ? null : Number(v));
  for (const r of rows) {
    out.get(r.employee_id)!.push({
      start_date: r.start_date,
      end_date: r.end_date,
      annual_leave_entitlement: num(r.annual_leave_entitlement),
      period_holiday_entitlement: num(r.period_holiday_entitlement),
      is_holiday_per_year: toBool(r.is_holiday_per_year),
    });
  }
  return out;
}

/** Hours booked before `day` and the first booked date, per employee (absent: nothing booked). */
export async function bookedBefore(
  db: TenantDb,
  usernames: string[],
  day: string,
): Promise<Map<string, { hours: number; first: string }>> {
  if (usernames.length === 0) return new Map();
  const rows = await db
    .selectFrom('attendances')
    .select(['employee_id', sql<number>`sum(duration)`.as('hours'), sql<string>`min(date)`.as('first')])
    .where('employee_id', 'in', usernames)
    .where('date', '<', day)
    .groupBy('employee_id')
    .execute();
  return new Map(rows.map((r) => [r.employee_id, { hours: Number(r.hours), first: String(r.first).slice(0, 10) }]));
}

/**
 * The latest change after `since` ('YYYY-MM-DD HH:MM:SS') of the employees' bookings, absences, employment periods
 * and regular working times, per employee (bookings through their (tenant, modified) index: only recent ones).
 */
export async function inputsModifiedSince(
  db: TenantDb,
  usernames: string[],
  since: string,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (usernames.length === 0) return out;
  for (const table of ['attendances', 'absences', 'employment_periods', 'regular_working_times'] as const) {
    const rows = await db
      .selectFrom(table)
      .select(['employee_id', sql<string | null>`max(modified)`.as('modified')])
      .where('modified', '>', since)
      .where('employee_id', 'in', usernames)
      .groupBy('employee_id')
      .execute();
    for (const r of rows)
      if (r.modified !== null && String(r.modified) > (out.get(r.employee_id) ?? ''))
        out.set(r.employee_id, String(r.modified));
  }
  return out;
}
