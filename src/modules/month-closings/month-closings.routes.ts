// /month-closings: close a month for the whole tenant or one employee (POST), reopen it (DELETE), list them.
// Additive endpoints behind booking rule 1.
import type { ZkApp } from '../../types.js';
import { existsInTenant } from '../../db/lookup.js';
import { lockedTransaction } from '../../db/transaction.js';
import { ErrorBag } from '../../values/errors.js';
import { checkUnique, resourceRoutes } from '../crud/index.js';
import { type Scope } from '../../tenancy/scope.js';
import {
  MonthClosing,
  MonthClosingCreate,
  MonthClosingListQuery,
  type MonthClosingCreateT,
} from './month-closings.schemas.js';
import {
  deleteMonthClosing,
  findMonthClosing,
  insertMonthClosing,
  listMonthClosings,
  monthClosingListSpec,
  monthLockKey,
  toMonthClosing,
  type MonthClosingRow,
} from './month-closings.repository.js';

/**
 * The employee must exist; a month is closed once for the tenant and once per employee. Closing and reopening hold
 * the month's lock alone, so they wait for the writes in that month that are checking closings and those wait for
 * them (holdMonths).
 */
async function closeMonth(s: Scope, body: MonthClosingCreateT): Promise<MonthClosingRow> {
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

const reopenMonth = (s: Scope, row: MonthClosingRow) =>
  lockedTransaction(s.db, s.dialect, [monthLockKey(s.tenant.id, row.month)], (trx) =>
    deleteMonthClosing(trx, Number(row.id)),
  );

export default async function monthClosingRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Month closing',
    plural: 'closed months',
    tags: ['Month closings'],
    path: '/month-closings',
    records: { table: 'month_closings' },
    resource: MonthClosing,
    repository: {
      list: (s, q) => listMonthClosings(s.db, q),
      find: (s, id) => findMonthClosing(s.db, id),
      show: (_s, row) => toMonthClosing(row),
      insert: (s, body) => closeMonth(s, body),
      remove: (s, row) => reopenMonth(s, row),
    },
    list: { query: MonthClosingListQuery, spec: monthClosingListSpec },
    create: { body: MonthClosingCreate },
    summaries: { create: 'Close a month for the whole tenant or for one employee', remove: 'Reopen a closed month' },
  });
}
