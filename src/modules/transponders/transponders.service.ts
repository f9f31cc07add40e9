// Writing an employee's transponders: the number is unique in the tenant; valid_until >= valid_from.
import { ErrorBag } from '../../values/errors.js';
import { checkUnique, dateValues } from '../crud/index.js';
import { type Scope } from '../../tenancy/scope.js';
import type { EmployeeRow } from '../employees/employees.repository.js';
import { childColumns, childRepository, writeChild } from '../employees/employee-children.service.js';
import type { TransponderWriteT } from './transponders.schemas.js';
import { findTransponder, listTransponders, toTransponder, type TransponderRow } from './transponders.repository.js';

async function write(s: Scope, employee: EmployeeRow, body: TransponderWriteT, current?: TransponderRow) {
  dateValues(body, ['valid_from', 'valid_until']);
  const values = childColumns(body, employee, ['number', 'valid_from', 'valid_until', 'note'] as const);
  return writeChild<TransponderRow>(s, 'transponders', employee, values, current, async (trx, merged) => {
    const errors = new ErrorBag();
    const from = merged.valid_from as string | null;
    const until = merged.valid_until as string | null;
    if (from && until && until < from)
      errors.add('valid_until', 'The valid until date must be a date after or equal to valid from.');
    await checkUnique(trx, errors, 'transponders', 'number', body.number, {
      exceptId: current ? Number(current.id) : undefined,
    });
    errors.throwIfAny();
  });
}

/** The transponders of an employee as the CRUD kit (modules/crud) lists, reads and writes them. */
export const transponders = {
  ...childRepository({ list: listTransponders, find: findTransponder, write }),
  show: (_s: Scope, row: TransponderRow) => toTransponder(row),
};
