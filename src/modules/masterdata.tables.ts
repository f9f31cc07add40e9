// Tables of the small master data (issue 2 §9).
import type { Generated } from 'kysely';
import type { DbBool } from '../db/types.js';

export interface DepartmentsTable {
  tenant_id: number;
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  description: string | null;
  comments: string | null;
  status: number | null;
  start_date: string | null;
  end_date: string | null;
  is_standard: DbBool;
  created: string | null;
  modified: string | null;
}

export interface AbsenceReasonsTable {
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

export interface ActivitiesTable {
  tenant_id: number;
  id: Generated<number>;
  name: string;
  description: string | null;
  is_travel: DbBool;
  created: string | null;
  modified: string | null;
}

export interface CategoriesTable {
  tenant_id: number;
  id: Generated<number>;
  name: string;
  description: string | null; // JSON translations
  type: string;
  created: string | null;
  modified: string | null;
}

export interface MasterdataTables {
  departments: DepartmentsTable;
  absence_reasons: AbsenceReasonsTable;
  activities: ActivitiesTable;
  categories: CategoriesTable;
}
