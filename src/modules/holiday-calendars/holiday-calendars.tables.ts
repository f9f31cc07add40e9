// Holiday calendars, their holidays and break regulation types (migration 0200).
import type { DbBool, Owned, Stamps, Authored } from '../../db/columns.js';

export interface HolidayCalendarsTable extends Owned, Stamps, Authored {
  name: string;
  note: string | null;
  country: string | null;
  region: string | null;
}

export interface HolidaysTable extends Owned, Stamps, Authored {
  holiday_calendar_id: number;
  date: string;
  name: string;
  half_day: DbBool;
}

export interface BreakRegulationTypesTable extends Owned, Stamps, Authored {
  name: string;
}

export interface HolidayCalendarTables {
  holiday_calendars: HolidayCalendarsTable;
  holidays: HolidaysTable;
  break_regulation_types: BreakRegulationTypesTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends HolidayCalendarTables {}
}
