// Writing an employee's employment periods: end_date >= start_date; no two periods of one employee overlap
// (closed intervals, open ends).
import type { TenantDb } from '../../db/tenant-scope.js';
import { ErrorBag } from '../../values/errors.js';
import { outDate } from '../../values/formats.js';
import { dateValues, intervalsOverlap } from '../crud/index.js';
import { type Scope } from '../../tenancy/scope.js';
import type { EmployeeRow } from '../employees/employees.repository.js';
import { childColumns, childRepository, writeChild } from '../employees/employee-children.service.js';
import { EMPLOYMENT_PERIOD_COLUMNS, type EmploymentPeriodWriteT } from './employment-periods.schemas.js';
import {
  findEmploymentPeriod,
  listEmploymentPeriods,
  toEmploymentPeriod,
  type EmploymentPeriodRow,
} from './employment-periods.repository.js';

type Merged = { id?: number; start_date: string | null; end_date: string | null };

async function checkPeriod(trx: TenantDb, s: Scope, employee: EmployeeRow, merged: Merged) {
  const errors = new ErrorBag();
  if (merged.start_date && merged.end_date && merged.end_date < merged.start_date)
    errors.add('end_date', 'The end date must be a date after or equal to start date.');
  const others = await listEmploymentPeriods(trx, employee.username).execute();
  const clash = others.find(
    (o) =>
      Number(o.id) !== merged.id &&
      intervalsOverlap({ start: merged.start_date, end: merged.end_date }, { start: o.start_date, end: o.end_date }),
  );
  if (clash) {
    const range = `${outDate(clash.start_date)?.slice(0, 10) ?? 'open start'} – ${outDate(clash.end_date)?.slice(0, 10) ?? 'open end'}`;
    errors.add(
      'start_date',
      `The employment period overlaps another period of this employee (id ${clash.id}, ${range}).`,
    );
  }
  errors.throwIfAny();
}

function write(s: Scope, employee: EmployeeRow, body: EmploymentPeriodWriteT, current?: EmploymentPeriodRow) {
  dateValues(body, ['start_date', 'end_date', 'beginning_of_year']);
  const values = childColumns(body, employee, EMPLOYMENT_PERIOD_COLUMNS);
  return writeChild(s, 'employment_periods', employee, values, current, (trx, merged) =>
    checkPeriod(trx, s, employee, {
      id: current ? Number(current.id) : undefined,
      start_date: (merged.start_date as string) ?? null,
      end_date: (merged.end_date as string) ?? null,
    }),
  );
}

/** The employment periods of an employee as the CRUD kit (modules/crud) lists, reads and writes them. */
export const employmentPeriods = {
  ...childRepository({ list: listEmploymentPeriods, find: findEmploymentPeriod, write }),
  show: (_s: Scope, row: EmploymentPeriodRow) => toEmploymentPeriod(row),
};
