// Attendances, the project time bookings (migration 0401).
import type { Generated } from 'kysely';
import type { DbBool, Authored } from '../../db/columns.js';

export interface AttendancesTable extends Authored {
  tenant_id: number;
  id: Generated<number>;
  employee_id: string;
  date: string;
  time_from: string;
  time_to: string;
  end_date: string;
  start_at: string;
  end_at: string;
  duration: number;
  note: string | null;
  issue_id: string | null;
  department_id: number | null;
  project_release: number | null;
  project_released_at: string | null;
  project_released_by: string | null;
  billable: DbBool;
  work_location_id: string | null;
  activity_id: string;
  start: string | null;
  destination: string | null;
  vehicle_id: string | null;
  private: DbBool | null;
  passengers: number | null;
  km: number | null;
  direction_of_travel: number | null;
  project_id: number;
  project_task_id: number;
  invoice_item_id: number | null;
  ticket_id: number | null;
  subtask_id: number | null;
  work_location_is_project_relevant: DbBool;
  locked: DbBool | null;
  is_travel: DbBool;
  color: string | null;
  created: string | null;
  modified: string | null;
}

/** Running sums of booked hours per project (kind 1), task (2), ticket (3) and subtask (4); kept by triggers (migration 2400). */
export interface BookedHoursTable {
  tenant_id: number;
  kind: number;
  item_id: number;
  hours: number;
}

export interface AttendanceTables {
  attendances: AttendancesTable;
  booked_hours: BookedHoursTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends AttendanceTables {}
}
