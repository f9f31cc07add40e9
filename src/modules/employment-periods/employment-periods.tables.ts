// Employment periods (migration 0200).
import type { DbBool, Owned, Stamps, Authored } from '../../db/columns.js';

export interface EmploymentPeriodsTable extends Owned, Stamps, Authored {
  employee_id: string;
  start_date: string | null;
  end_date: string | null;
  note: string | null;
  beginning_of_year: string | null;
  annual_leave_entitlement: number | null;
  period_holiday_entitlement: number | null;
  is_holiday_per_year: DbBool | null;
  day_absent_in_hours: number | null;
}

export interface EmploymentPeriodTables {
  employment_periods: EmploymentPeriodsTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends EmploymentPeriodTables {}
}
