// SQL for employment periods; every query is scoped by tenant and employee.
import { rowMapper } from '../../db/row-mapping.js';
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { EmploymentPeriodsTable } from './employment-periods.tables.js';
import type { ListSpec } from '../../db/list-spec.js';
import { outDate } from '../../values/formats.js';
import { EmploymentPeriod, type EmploymentPeriodT } from './employment-periods.schemas.js';

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

export const toEmploymentPeriod: (row: EmploymentPeriodRow) => EmploymentPeriodT = rowMapper(EmploymentPeriod, {
  convert: { start_date: outDate, end_date: outDate, beginning_of_year: outDate },
});
