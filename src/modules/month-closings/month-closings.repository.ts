// SQL for closed months; every query is scoped by tenant.
import { rowMapper } from '../../db/row-mapping.js';
import type { Selectable } from 'kysely';
import type { Dialect } from '../../db/dialect.js';
import { lockNamespace, sharedLocks } from '../../db/transaction.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { ListSpec } from '../../db/list-spec.js';
import { nowTimestamp } from '../../values/formats.js';
import type { MonthClosingsTable } from './month-closings.tables.js';
import { MonthClosing, type MonthClosingT } from './month-closings.schemas.js';

export type MonthClosingRow = Selectable<MonthClosingsTable>;

export const monthClosingListSpec: ListSpec = {
  key: ['id'],
  sortable: {
    id: 'id',
    month: 'month',
    employee_id: { column: 'employee_id', nullable: true },
    created: { column: 'created', nullable: true },
    modified: { column: 'modified', nullable: true },
  },
};

export function listMonthClosings(db: TenantDb, f: { month?: string; employee_id?: string }) {
  let q = db.selectFrom('month_closings').selectAll();
  if (f.month !== undefined) q = q.where('month', '=', f.month);
  if (f.employee_id !== undefined) q = q.where('employee_id', '=', f.employee_id);
  return q;
}

export const findMonthClosing = (db: TenantDb, id: number) =>
  db.selectFrom('month_closings').selectAll().where('id', '=', id).executeTakeFirst();

/** A month ('YYYY-MM') of the tenant: closing or reopening it holds the key alone, writes that check it share it. */
export const monthLockKey = lockNamespace<[month: string]>('m');

/**
 * Hold the months of a write that checks closings (bookings, absences, receipts) against a concurrent closing or
 * reopening, until the write transaction ends: on PostgreSQL shared locks on the months' keys, which closing and
 * reopening take alone. So a write either commits before a closing of its month or waits for it and then sees it
 * (docs/api/booking.md "Closed months"). Call before reading the closings.
 */
export async function holdMonths(
  db: TenantDb,
  dialect: Dialect,
  dates: readonly (string | null | undefined)[],
): Promise<void> {
  const months = dates.filter((d): d is string => !!d).map((d) => d.slice(0, 7));
  await sharedLocks(
    db,
    dialect,
    months.map((m) => monthLockKey(db.tenantId, m)),
  );
}

/** Closings that concern one employee's bookings in the given months (the tenant's and the employee's own). */
export function closingsFor(db: TenantDb, employee: string, months: string[]) {
  return db
    .selectFrom('month_closings')
    .select(['month', 'employee_id'])
    .where('month', 'in', months)
    .where((eb) => eb.or([eb('employee_id', 'is', null), eb('employee_id', '=', employee)]))
    .execute();
}

export function insertMonthClosing(
  db: TenantDb,
  values: { month: string; employee_id: string | null; note: string | null },
) {
  const now = nowTimestamp();
  return db
    .insertInto('month_closings', { ...values, created: now, modified: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteMonthClosing(db: TenantDb, id: number): Promise<void> {
  await db.deleteFrom('month_closings').where('id', '=', id).execute();
}

export const toMonthClosing: (r: MonthClosingRow) => MonthClosingT = rowMapper(MonthClosing);
