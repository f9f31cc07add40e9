// Writing an employee's internal rates: one rate per start date and employee (422 on start_date).
import { assertUnique, dateValues, enumId } from '../crud/index.js';
import { type Scope } from '../../tenancy/scope.js';
import type { EmployeeRow } from '../employees/employees.repository.js';
import { childColumns, childRepository, writeChild } from '../employees/employee-children.service.js';
import { INTERNAL_RATE_COLUMNS, type InternalRateWriteT } from './internal-rates.schemas.js';
import {
  findInternalRate,
  listInternalRates,
  toInternalRate,
  type InternalRateRow,
} from './internal-rates.repository.js';

async function write(s: Scope, employee: EmployeeRow, body: InternalRateWriteT, current?: InternalRateRow) {
  dateValues(body, ['start_date']);
  const values = childColumns(body, employee, INTERNAL_RATE_COLUMNS);
  if (values.internal_rate !== undefined) values.internal_rate = Number(values.internal_rate);
  if (body.rate_type !== undefined) values.rate_type = enumId(body.rate_type);
  return writeChild<InternalRateRow>(s, 'internal_rates', employee, values, current, (trx, merged) =>
    assertUnique(trx, 'internal_rates', 'start_date', merged.start_date, {
      where: { employee_id: employee.username },
      exceptId: current ? Number(current.id) : undefined,
      message: 'The employee already has an internal rate starting on this date.',
    }),
  );
}

/** The internal rates of an employee as the CRUD kit (modules/crud) lists, reads and writes them. */
export const internalRates = {
  ...childRepository({ list: listInternalRates, find: findInternalRate, write }),
  show: ({ db }: Scope, row: InternalRateRow) => toInternalRate(row, db.language),
};
