// GET/POST /employees/{username}/regular-working-times, GET/PATCH/PUT/DELETE …/{id} (docs/api/people.md; writes
// are additive). One record per start date (null counts as a date): a duplicate is 422 on start_date.
import type { ZkApp } from '../../types.js';
import { ErrorBag } from '../../values/errors.js';
import { existsInTenant } from '../../db/lookup.js';
import { dateValues } from '../crud/index.js';
import { type Scope } from '../../tenancy/scope.js';
import type { EmployeeRow } from '../employees/employees.repository.js';
import { childColumns, writeChild } from '../employees/employee-children.service.js';
import { employeeChildRoutes } from '../employees/employee-children.routes.js';
import {
  WORKING_TIME_COLUMNS,
  WorkingTime,
  WorkingTimeWrite,
  type WorkingTimeWriteT,
} from './working-times.schemas.js';
import {
  listWorkingTimes,
  toWorkingTimes,
  workingTimeListSpec,
  type WorkingTimeRow,
} from './working-times.repository.js';

async function write(s: Scope, employee: EmployeeRow, body: WorkingTimeWriteT, current?: WorkingTimeRow) {
  dateValues(body, ['start_date']);
  if (body.holiday_calendar_id === undefined && body.holidayCalendar !== undefined)
    body.holiday_calendar_id = body.holidayCalendar?.id ?? null;
  if (body.break_regulation_type_id === undefined && body.breakRegulationType !== undefined)
    body.break_regulation_type_id = body.breakRegulationType?.id ?? null;
  const values = childColumns(body, employee, WORKING_TIME_COLUMNS);
  const errors = new ErrorBag();
  if (
    body.holiday_calendar_id != null &&
    !(await existsInTenant(s.db, 'holiday_calendars', 'id', body.holiday_calendar_id))
  ) {
    errors.add('holiday_calendar_id', 'The selected holiday calendar is invalid.');
  }
  if (
    body.break_regulation_type_id != null &&
    !(await existsInTenant(s.db, 'break_regulation_types', 'id', body.break_regulation_type_id))
  ) {
    errors.add('break_regulation_type_id', 'The selected break regulation type is invalid.');
  }
  errors.throwIfAny();
  return writeChild<WorkingTimeRow>(s, 'regular_working_times', employee, values, current, async (trx, merged) => {
    const start = (merged.start_date as string | null) ?? null;
    const others = await listWorkingTimes(trx, employee.username).execute();
    if (others.some((o) => Number(o.id) !== Number(current?.id) && (o.start_date ?? null) === start)) {
      new ErrorBag()
        .add('start_date', `The employee already has regular working times valid from ${start ?? 'the beginning'}.`)
        .throwIfAny();
    }
  });
}

export default async function workingTimeRoutes(app: ZkApp) {
  employeeChildRoutes(app, 'regular-working-times', 'regular_working_times', {
    name: 'Regular working time',
    plural: 'regular working times of an employee',
    tags: ['Regular working times'],
    resource: WorkingTime,
    repository: {
      list: (s, _q, e) => listWorkingTimes(s.db, e.username),
      listItems: (s, rows) => toWorkingTimes(s.db, rows),
      find: (s, id, e) => listWorkingTimes(s.db, e.username).where('id', '=', id).executeTakeFirst(),
      show: async (s, row) => (await toWorkingTimes(s.db, [row]))[0],
      insert: (s, body, e) => write(s, e, body),
      update: (s, row, body, e) => write(s, e, body, row),
    },
    // the embedded holiday calendar and break regulation type
    records: {
      table: 'regular_working_times',
      derivations: [
        { table: 'holiday_calendars', match: { holiday_calendar_id: 'id' } },
        { table: 'break_regulation_types', match: { break_regulation_type_id: 'id' } },
      ],
    },
    list: { spec: workingTimeListSpec },
    create: { body: WorkingTimeWrite },
    update: { body: WorkingTimeWrite },
  });
}
