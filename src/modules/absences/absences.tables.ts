// Absences and leave approval applications (migration 0940).
import type { DbBool, Owned, Stamps, Authored } from '../../db/columns.js';

export interface AbsencesTable extends Owned, Stamps, Authored {
  employee_id: string;
  /** The reason's name (its key). */
  absence_reason_id: string;
  start_date: string;
  end_date: string;
  /** The first / last day is only a half day. */
  half_day_from: DbBool;
  half_day_to: DbBool;
  /** Hours per day of an hourly absence; null for full and half days. */
  hours: number | null;
  time_from: string | null;
  time_to: string | null;
  note: string | null;
  timezone: string | null;
  approved: DbBool;
  leave_approval_application_id: number | null;
}

export interface LeaveApprovalApplicationsTable extends Owned, Stamps, Authored {
  employee_id: string;
  requested_at: string;
  number_of_days: number;
  start_date: string;
  end_date: string;
  note: string | null;
  status: number;
  recipient: string | null;
  recipient_cc: string | null;
  recipient_bcc: string | null;
  status_edited_since: string | null;
  status_edited_by: string | null;
  status_note: string | null;
  absence_text: string | null;
}

export interface AbsenceTables {
  absences: AbsencesTable;
  leave_approval_applications: LeaveApprovalApplicationsTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends AbsenceTables {}
}
