// GET /employees/{username}/internal-rates ({data: [...]}, oldest start first), GET …/{id}, POST, PATCH/PUT,
// DELETE. One rate per start date and employee (422 on start_date).
import type { Selectable } from 'kysely';
import type { ZkApp } from '../../types.js';
import type { InternalRatesTable } from './internal-rates.tables.js';
import { ErrorBag } from '../../http/errors.js';
import { decimalText, outTimestamp, toBool } from '../../http/formats.js';
import { dateValues, enumId } from '../crud/index.js';
import { resourceRoutes, type Scope } from '../crud/index.js';
import { requireEmployee, UsernameParam, type EmployeeRow } from '../employees/employee-ref.js';
import { childColumns, deleteChild, writeChild } from '../employees/employee-children.js';
import { INTERNAL_RATE_COLUMNS, InternalRate, InternalRateCreate, InternalRateUpdate, RATE_SCALE, RATE_TYPES, type InternalRateT, type InternalRateWriteT } from './internal-rates.schemas.js';

type Row = Selectable<InternalRatesTable>;

const list = (s: Scope, username: string) => s.db.selectFrom('internal_rates').selectAll().where('tenant_id', '=', s.tenantId).where('employee_id', '=', username);

const toInternalRate = (r: Row): InternalRateT => ({
  id: Number(r.id),
  employee_id: r.employee_id,
  start_date: String(r.start_date).slice(0, 10),
  internal_rate: decimalText(r.internal_rate, RATE_SCALE)!,
  note: r.note,
  monthly_rate: r.monthly_rate === null ? null : Number(r.monthly_rate),
  internal_rate_resets: toBool(r.internal_rate_resets),
  rate_type: { id: Number(r.rate_type), name: RATE_TYPES[Number(r.rate_type)] ?? String(r.rate_type) },
  created: outTimestamp(r.created),
  modified: outTimestamp(r.modified),
});

async function write(s: Scope, employee: EmployeeRow, body: InternalRateWriteT, current?: Row) {
  dateValues(body, ['start_date']);
  const values = childColumns(body, employee, INTERNAL_RATE_COLUMNS);
  if (values.internal_rate !== undefined) values.internal_rate = Number(values.internal_rate);
  if (body.rate_type !== undefined) values.rate_type = enumId(body.rate_type);
  return writeChild<Row>(s, 'internal_rates', employee, values, current, async (trx, merged) => {
    const clash = await trx
      .selectFrom('internal_rates')
      .select('id')
      .where('tenant_id', '=', s.tenantId)
      .where('employee_id', '=', employee.username)
      .where('start_date', '=', merged.start_date as string)
      .where('id', '<>', current ? Number(current.id) : 0)
      .executeTakeFirst();
    if (clash) new ErrorBag().add('start_date', 'The employee already has an internal rate starting on this date.').throwIfAny();
  });
}

export default async function internalRateRoutes(app: ZkApp) {
  resourceRoutes<EmployeeRow, Row, InternalRateT>(app, {
    name: 'Internal rate',
    plural: 'internal rates of an employee',
    tags: ['Internal rates'],
    path: '/employees/:username/internal-rates',
    parentParams: UsernameParam,
    parent: requireEmployee,
    resource: InternalRate,
    list: { build: (s, e) => list(s, e.username), spec: { key: ['id'], defaultSort: 'start_date', sortable: { id: 'id', start_date: 'start_date' } }, unpaginated: true },
    find: (s, e, id) => list(s, e.username).where('id', '=', id).executeTakeFirst(),
    show: (_s, _e, row) => toInternalRate(row),
    create: { body: InternalRateCreate, run: (s, e, body) => write(s, e, body) },
    update: { body: InternalRateUpdate, run: (s, e, row, body) => write(s, e, body, row) },
    remove: (s, _e, row) => deleteChild(s, 'internal_rates', Number(row.id)),
  });
}
