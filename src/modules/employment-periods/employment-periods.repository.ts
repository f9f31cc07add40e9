// SQL for employment periods; every query is scoped by tenant and employee.
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { EmploymentPeriodsTable } from './employment-periods.tables.js';
import type { ListSpec } from '../../db/list-spec.js';
import { outDate, outTimestamp, toBool } from '../../values/formats.js';
import type { EmploymentPeriodT } from './employment-periods.schemas.js';

export type EmploymentPeriodRow = Selectable<EmploymentPeriodsTable>;

export const employmentPeriodListSpec: ListSpec = {
  key: ['id'],
  sortable: {
    id: 'id',
    start_date: { column: 'start_date', nullable: true },
    end_date: { column: 'end_date', nullable: true },
    created: { column: 'created', nullable: true },
    modified: { column: 'modified', nullable: true },
  },
};

export const listEmploymentPeriods = (db: TenantDb, username: string) =>
  db.selectFrom('employment_periods').selectAll().where('employee_id', '=', username);

export const findEmploymentPeriod = (db: TenantDb, username: string, id: number) =>
  listEmploymentPeriods(db, username).where('id', '=', id).executeTakeFirst();

export function toEmploymentPeriod(row: EmploymentPeriodRow): EmploymentPeriodT {
  const num = (v: number | null) => (v === null ? null : Number(v));
  return {
    id: Number(row.id),
    employee_id: row.employee_id,
    start_date: outDate(row.start_date),
    end_date: outDate(row.end_date),
    note: row.note,
    beginning_of_year: outDate(row.beginning_of_year),
    annual_leave_entitlement: num(row.annual_leave_entitlement),
    period_holiday_entitlement: num(row.period_holiday_entitlement),
    is_holiday_per_year: toBool(row.is_holiday_per_year),
    day_absent_in_hours: num(row.day_absent_in_hours),
    created: outTimestamp(row.created),
    modified: outTimestamp(row.modified),
  };
}
