// Planning entries, default plannings and resource planning periods (migration 1700).
import type { Owned, Stamps, Authored } from '../../db/columns.js';

export interface PlanningsTable extends Owned, Stamps, Authored {
  employee_id: string;
  date: string;
  project_id: number;
  project_task_id: number | null;
  ticket_id: number | null;
  subtask_id: number | null;
  /** 0 project, 1 task, 2 ticket, 3 subtask (docs/api/plannings.md). */
  type: number;
  /** 0 percentage, 1 hours, 2 day, 3 time range. */
  kind: number;
  /** The amount in the kind's unit; null for a time range. */
  planning: number | null;
  time_from: string | null;
  time_to: string | null;
  note: string | null;
}

export interface DefaultPlanningsTable extends Owned, Stamps, Authored {
  employee_id: string;
  project_id: number;
  /** 0 percentage, 1 hours, 2 day (no time range). */
  kind: number;
  planning: number;
  start_date: string;
  end_date: string;
  note: string | null;
}

export interface ResourcePlanningsTable extends Owned, Stamps, Authored {
  employee_id: string;
  project_id: number;
  start_date: string;
  end_date: string;
  /** 'percent' or 'hours_per_day'. */
  unit: string;
  value: number;
  note: string | null;
}

export interface PlanningTables {
  plannings: PlanningsTable;
  default_plannings: DefaultPlanningsTable;
  resource_plannings: ResourcePlanningsTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends PlanningTables {}
}
