// /month-closings: close a month for the whole tenant or one employee (POST), reopen it (DELETE), list them.
// Additive endpoints behind booking rule 1 (issue 6).
import type { ZkApp } from '../../types.js';
import { existsInTenant } from '../../db/lookup.js';
import { ErrorBag } from '../../http/errors.js';
import { checkUnique, resourceRoutes, type Scope } from '../crud/index.js';
import { MonthClosing, MonthClosingCreate, MonthClosingListQuery, type MonthClosingCreateT, type MonthClosingT } from './month-closings.schemas.js';
import { deleteMonthClosing, findMonthClosing, insertMonthClosing, listMonthClosings, monthClosingListSpec, toMonthClosing, type MonthClosingRow } from './month-closings.repository.js';

/** The employee must exist; a month is closed once for the tenant and once per employee. */
async function closeMonth(s: Scope, body: MonthClosingCreateT): Promise<MonthClosingRow> {
  const { month, employee_id = null, note = null } = body;
  const errors = new ErrorBag();
  if (employee_id !== null && !(await existsInTenant(s.db, 'employees', 'username', employee_id))) errors.add('employee_id', 'The selected employee id is invalid.');
  await checkUnique(s.db, errors, 'month_closings', 'month', month, { where: { employee_id }, message: `The month ${month} is already closed${employee_id ? ` for ${employee_id}` : ''}.` });
  errors.throwIfAny();
  return insertMonthClosing(s.db, { month, employee_id, note });
}

export default async function monthClosingRoutes(app: ZkApp) {
  resourceRoutes<undefined, MonthClosingRow, MonthClosingT>(app, {
    name: 'Month closing',
    plural: 'closed months',
    tags: ['Month closings'],
    path: '/month-closings',
    resource: MonthClosing,
    list: { query: MonthClosingListQuery, build: (s, _p, q) => listMonthClosings(s.db, q), spec: monthClosingListSpec },
    find: (s, _p, id) => findMonthClosing(s.db, id),
    show: (_s, _p, row) => toMonthClosing(row),
    create: { body: MonthClosingCreate, run: (s, _p, body) => closeMonth(s, body) },
    remove: (s, _p, row) => deleteMonthClosing(s.db, Number(row.id)),
    summaries: { create: 'Close a month for the whole tenant or for one employee', remove: 'Reopen a closed month' },
  });
}
