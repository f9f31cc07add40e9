// Closing and reopening a month: the employee exists, a month is closed once for the tenant and once per employee,
// and both hold the month's lock alone.
import { existsInTenant } from '../../db/lookup.js';
import { lockedTransaction } from '../../db/transaction.js';
import { ErrorBag } from '../../values/errors.js';
import { checkUnique } from '../crud/index.js';
import type { Scope } from '../../tenancy/scope.js';
import type { MonthClosingCreateT } from './month-closings.schemas.js';
import {
  deleteMonthClosing,
  findMonthClosing,
  insertMonthClosing,
  listMonthClosings,
  monthLockKey,
  toMonthClosing,
  type MonthClosingRow,
} from './month-closings.repository.js';

/**
 * The employee must exist; a month is closed once for the tenant and once per employee. Closing and reopening hold
 * the month's lock alone, so they wait for the writes in that month that are checking closings and those wait for
 * them (holdMonths).
 */
export async function closeMonth(s: Scope, body: MonthClosingCreateT): Promise<MonthClosingRow> {
  const { month, employee_id = null, note = null } = body;
  return lockedTransaction(s.db, s.dialect, [monthLockKey(s.tenant.id, month)], async (trx) => {
    const errors = new ErrorBag();
    if (employee_id !== null && !(await existsInTenant(trx, 'employees', 'username', employee_id)))
      errors.add('employee_id', 'The selected employee id is invalid.');
    await checkUnique(trx, errors, 'month_closings', 'month', month, {
      where: { employee_id },
      message: `The month ${month} is already closed${employee_id ? ` for ${employee_id}` : ''}.`,
    });
    errors.throwIfAny();
    return insertMonthClosing(trx, { month, employee_id, note });
  });
}

export const reopenMonth = (s: Scope, row: MonthClosingRow) =>
  lockedTransaction(s.db, s.dialect, [monthLockKey(s.tenant.id, row.month)], (trx) =>
    deleteMonthClosing(trx, Number(row.id)),
  );

/** The closed months as the CRUD kit (modules/crud) lists, reads, closes and reopens them. */
export const monthClosings = {
  list: ({ db }: Scope, query: { month?: string; employee_id?: string }) => listMonthClosings(db, query),
  find: ({ db }: Scope, id: number) => findMonthClosing(db, id),
  show: (_s: Scope, row: MonthClosingRow) => toMonthClosing(row),
  insert: (s: Scope, body: MonthClosingCreateT) => closeMonth(s, body),
  remove: (s: Scope, row: MonthClosingRow) => reopenMonth(s, row),
};
