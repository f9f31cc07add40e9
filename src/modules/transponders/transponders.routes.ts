// GET/POST /employees/{username}/transponders, GET/PATCH/PUT/DELETE …/{id}: a transponder number is unique in the
// tenant; valid_until >= valid_from.
import type { ZkApp } from '../../types.js';
import { ErrorBag } from '../../values/errors.js';
import { checkUnique, dateValues } from '../crud/index.js';
import { type Scope } from '../../tenancy/scope.js';
import type { EmployeeRow } from '../employees/employees.repository.js';
import { childColumns, writeChild } from '../employees/employee-children.service.js';
import { employeeChildRoutes } from '../employees/employee-children.routes.js';
import { Transponder, TransponderCreate, TransponderUpdate, type TransponderWriteT } from './transponders.schemas.js';
import {
  findTransponder,
  listTransponders,
  toTransponder,
  transponderListSpec,
  type TransponderRow,
} from './transponders.repository.js';

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

export default async function transponderRoutes(app: ZkApp) {
  employeeChildRoutes(app, 'transponders', 'transponders', {
    name: 'Transponder',
    plural: 'transponders of an employee',
    tags: ['Transponders'],
    resource: Transponder,
    repository: {
      list: (s, _q, e) => listTransponders(s.db, e.username),
      find: (s, id, e) => findTransponder(s.db, e.username, id),
      show: (_s, row) => toTransponder(row),
      insert: (s, body, e) => write(s, e, body),
      update: (s, row, body, e) => write(s, e, body, row),
    },
    list: { spec: transponderListSpec },
    create: { body: TransponderCreate },
    update: { body: TransponderUpdate },
  });
}
