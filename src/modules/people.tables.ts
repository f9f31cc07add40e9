// Tables of people and organisation (migrations 0200, 0201). Child rows of an employee carry its username
// in `employee_id`, as the JSON does.
import type { Generated } from 'kysely';
import type { DbBool } from '../db/types.js';

type Stamps = { created: string | null; modified: string | null };
type Owned = { tenant_id: number; id: Generated<number> };

export interface DepartmentManagersTable {
  tenant_id: number;
  department_id: number;
  employee_id: string;
}

export interface EmploymentPeriodsTable extends Owned, Stamps {
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

export interface HolidayCalendarsTable extends Owned, Stamps {
  name: string;
  note: string | null;
  country: string | null;
  region: string | null;
}

export interface HolidaysTable extends Owned, Stamps {
  holiday_calendar_id: number;
  date: string;
  name: string;
  half_day: DbBool;
}

export interface BreakRegulationTypesTable extends Owned, Stamps {
  name: string;
}

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

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

export interface InternalRatesTable extends Owned, Stamps {
  employee_id: string;
  start_date: string;
  internal_rate: number;
  note: string | null;
  monthly_rate: number | null;
  internal_rate_resets: DbBool | null;
  rate_type: number;
}

export interface LocationsTable extends Owned, Stamps {
  code: string;
  name: string;
  description: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
}

export interface LocationListsTable extends Owned, Stamps {
  name: string;
  description: string | null;
}

export interface LocationListItemsTable {
  tenant_id: number;
  location_list_id: number;
  location_code: string;
}

export interface VehicleListsTable extends Owned, Stamps {
  start_date: string;
  name: string | null;
}

export interface VehiclesTable extends Owned, Stamps {
  vehicle_list_id: number;
  code: string;
  name: string | null;
  license_plate: string | null;
  note: string | null;
}

export interface DevicesTable extends Owned, Stamps {
  type: number;
  status: number;
  name: string;
  password_hash: string | null;
  min_time: string | null;
  max_time: string | null;
  track: number;
  display_config: string | null;
}

export interface DeviceEmployeesTable {
  tenant_id: number;
  device_id: number;
  employee_id: string;
}

export interface TranspondersTable extends Owned, Stamps {
  employee_id: string;
  number: string;
  valid_from: string | null;
  valid_until: string | null;
  note: string | null;
}

export interface MealsTable extends Owned, Stamps {
  employee_id: string;
  date: string;
  meal_type: number;
  note: string | null;
}

export interface PeopleTables {
  department_managers: DepartmentManagersTable;
  employment_periods: EmploymentPeriodsTable;
  holiday_calendars: HolidayCalendarsTable;
  holidays: HolidaysTable;
  break_regulation_types: BreakRegulationTypesTable;
  regular_working_times: RegularWorkingTimesTable;
  internal_rates: InternalRatesTable;
  locations: LocationsTable;
  location_lists: LocationListsTable;
  location_list_items: LocationListItemsTable;
  vehicle_lists: VehicleListsTable;
  vehicles: VehiclesTable;
  devices: DevicesTable;
  device_employees: DeviceEmployeesTable;
  transponders: TranspondersTable;
  meals: MealsTable;
}
