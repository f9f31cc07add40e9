// Writing an employee's regular working times: the holiday calendar and break regulation type exist in the tenant;
// one record per start date (null counts as a date), a duplicate is 422 on start_date.
import { ErrorBag } from '../../values/errors.js';
import { existsInTenant } from '../../db/lookup.js';
import { dateValues } from '../crud/index.js';
import { type Scope } from '../../tenancy/scope.js';
import type { EmployeeRow } from '../employees/employees.repository.js';
import { childColumns, childRepository, writeChild } from '../employees/employee-children.service.js';
import { WORKING_TIME_COLUMNS, type WorkingTimeWriteT } from './working-times.schemas.js';
import { findWorkingTime, listWorkingTimes, toWorkingTimes, type WorkingTimeRow } from './working-times.repository.js';

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

/** The regular working times of an employee as the CRUD kit (modules/crud) lists, reads and writes them. */
export const workingTimes = {
  ...childRepository({ list: listWorkingTimes, find: findWorkingTime, write }),
  listItems: ({ db }: Scope, rows: WorkingTimeRow[]) => toWorkingTimes(db, rows),
  show: async ({ db }: Scope, row: WorkingTimeRow) => (await toWorkingTimes(db, [row]))[0],
};
