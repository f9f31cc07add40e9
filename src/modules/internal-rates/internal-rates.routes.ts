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
  employeeChildRoutes(app, 'internal-rates', 'internal_rates', {
    name: 'Internal rate',
    plural: 'internal rates of an employee',
    tags: ['Internal rates'],
    resource: InternalRate,
    repository: {
      list: (s, _q, e) => listInternalRates(s.db, e.username),
      find: (s, id, e) => findInternalRate(s.db, e.username, id),
      show: (s, row) => toInternalRate(row, s.db.language),
      insert: (s, body, e) => write(s, e, body),
      update: (s, row, body, e) => write(s, e, body, row),
    },
    list: { spec: internalRateListSpec, unpaginated: true },
    create: { body: InternalRateCreate },
    update: { body: InternalRateUpdate },
  });
}
