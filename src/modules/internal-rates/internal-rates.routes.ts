// GET /employees/{username}/internal-rates ({data: [...]}, oldest start first), GET …/{id}, POST, PATCH/PUT,
// DELETE. One rate per start date and employee (422 on start_date).
import type { ZkApp } from '../../types.js';
import { assertUnique, dateValues, enumId } from '../crud/index.js';
import { type Scope } from '../../tenancy/scope.js';
import type { EmployeeRow } from '../employees/employees.repository.js';
import { childColumns, writeChild } from '../employees/employee-children.service.js';
import { employeeChildRoutes } from '../employees/employee-children.routes.js';
import {
  INTERNAL_RATE_COLUMNS,
  InternalRate,
  InternalRateCreate,
  InternalRateUpdate,
  type InternalRateT,
  type InternalRateWriteT,
} from './internal-rates.schemas.js';
import {
  findInternalRate,
  internalRateListSpec,
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

export default async function internalRateRoutes(app: ZkApp) {
  employeeChildRoutes<InternalRateRow, InternalRateT>(app, 'internal-rates', 'internal_rates', {
    name: 'Internal rate',
    plural: 'internal rates of an employee',
    tags: ['Internal rates'],
    resource: InternalRate,
    list: { build: (s, e) => listInternalRates(s.db, e.username), spec: internalRateListSpec, unpaginated: true },
    find: (s, e, id) => findInternalRate(s.db, e.username, id),
    show: (s, _e, row) => toInternalRate(row, s.db.language),
    create: { body: InternalRateCreate, run: (s, e, body) => write(s, e, body) },
    update: { body: InternalRateUpdate, run: (s, e, row, body) => write(s, e, body, row) },
  });
}
