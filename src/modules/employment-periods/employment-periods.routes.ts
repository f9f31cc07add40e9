// GET/POST /employees/{username}/employment-periods, GET/PATCH/PUT/DELETE …/{id} (docs/api/people.md).
// Rules: end_date >= start_date; no two periods of one employee overlap (closed intervals, open ends).
import type { ZkApp } from '../../types.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import { ErrorBag } from '../../values/errors.js';
import { outDate } from '../../values/formats.js';
import { dateValues, intervalsOverlap } from '../crud/index.js';
import { type Scope } from '../../tenancy/scope.js';
import type { EmployeeRow } from '../employees/employees.repository.js';
import { childColumns, writeChild } from '../employees/employee-children.service.js';
import { employeeChildRoutes } from '../employees/employee-children.routes.js';
import {
  EMPLOYMENT_PERIOD_COLUMNS,
  EmploymentPeriod,
  EmploymentPeriodWrite,
  type EmploymentPeriodWriteT,
} from './employment-periods.schemas.js';
import {
  employmentPeriodListSpec,
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

export default async function employmentPeriodRoutes(app: ZkApp) {
  employeeChildRoutes(app, 'employment-periods', 'employment_periods', {
    name: 'Employment period',
    plural: 'employment periods of an employee',
    tags: ['Employment periods'],
    resource: EmploymentPeriod,
    repository: {
      list: (s, _q, e) => listEmploymentPeriods(s.db, e.username),
      find: (s, id, e) => findEmploymentPeriod(s.db, e.username, id),
      show: (_s, row) => toEmploymentPeriod(row),
      insert: (s, body, e) => write(s, e, body),
      update: (s, row, body, e) => write(s, e, body, row),
    },
    list: { spec: employmentPeriodListSpec },
    create: { body: EmploymentPeriodWrite },
    update: { body: EmploymentPeriodWrite },
  });
}
