// Regular working times (migration 0200): hours and a working-day flag per weekday.
import type { DbBool, Owned, Stamps } from '../../db/columns.js';
import type { Weekday } from '../../values/dates.js';

export type WeeklyColumns = { [D in Weekday]: number | null } & { [D in Weekday as `${D}_workday`]: DbBool | null };

export type RegularWorkingTimesTable = Owned &
  Stamps &
  WeeklyColumns & {
    employee_id: string;
    start_date: string | null;
    is_monthly: DbBool | null;
    monthly_hours: number | null;
    max_hours_in_month: number | null;
    max_hours_in_week: number | null;
    holiday_calendar_id: number | null;
    break_regulation_type_id: number | null;
  };

export interface WorkingTimeTables {
  regular_working_times: RegularWorkingTimesTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends WorkingTimeTables {}
}
