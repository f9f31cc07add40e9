// Absence reasons (migration 0001).
import type { Authored } from '../../db/columns.js';
import type { Generated } from 'kysely';

export interface AbsenceReasonsTable extends Authored {
  tenant_id: number;
  id: Generated<number>;
  name: string;
  comment: string | null;
  approve: number | null;
  allow_self_entry: number;
  allow_half_day_holiday: number;
  allow_hours_of_vacation: number;
  anyone_can_see_name: number | null;
  color: string;
  type: number;
  client_calendar_category: string | null;
  inform_employee_upon_approval_or_revocation: number;
  external_id: string | null;
  created: string | null;
  modified: string | null;
}

export interface AbsenceReasonTables {
  absence_reasons: AbsenceReasonsTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends AbsenceReasonTables {}
}
