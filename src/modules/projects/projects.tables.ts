// Projects and what a project owns: statuses, tasks, assignments, activities, locations (migration 0300).
import type { Generated } from 'kysely';
import type { DbBool, Authored } from '../../db/columns.js';

export interface ProjectStatusesTable extends Authored {
  tenant_id: number;
  id: Generated<number>;
  name: string;
  description: string | null;
  bookable: DbBool;
  sort_order: number;
  color: string | null;
  abrechnungsrelevant: string;
  created: string | null;
  modified: string | null;
}

export interface ProjectsTable extends Authored {
  tenant_id: number;
  id: Generated<number>;
  name: string;
  description: string | null;
  comments: string | null;
  start_date: string | null;
  end_date: string | null;
  project_status_id: string;
  cost_object: string | null;
  cost_object_identifier: string | null;
  keywords: string | null; // JSON array of objects
  reference_order: string | null;
  reference_commission: string | null;
  reference_procurement: string | null;
  reference_object: string | null;
  language: string | null;
  currency: string | null;
  url: string | null;
  location_address: string | null;
  location_city: string | null;
  location_state: string | null;
  location_country: string | null;
  revenue_account: string | null;
  customer_id: string | null;
  customer_contact_id: string | null;
  customer_project_reference: string | null;
  customer_billing_address_id: string | null;
  customer_shipping_address_id: string | null;
  has_multiple_customers: DbBool | null;
  department_id: number | null;
  billing_type: number | null;
  billing_tasks: string | null;
  plan_hours: number | null;
  plan_hours_children: number | null;
  plan_hours_per_day: number | null;
  plan_wage: number | null;
  plan_wage_children: number | null;
  plan_expenses: number | null;
  plan_expenses_travel: number | null;
  plan_hours_done: number | null;
  plan_hours_invoiced: number | null;
  plan_can_exceed: number | null;
  plan_warning_percent: number | null;
  plan_warning_percent_2: number | null;
  plan_warning_percent_3: number | null;
  default_billability: number;
  receipts_billability: number | null;
  end_customer_number: string | null;
  created: string | null;
  modified: string | null;
}

export interface ProjectTasksTable extends Authored {
  tenant_id: number;
  id: Generated<number>;
  project_id: number;
  parent_id: number | null;
  name: string;
  description: string | null;
  status: string | null;
  order_number: string | null;
  start_date: string | null;
  end_date: string | null;
  billing_type: number;
  plan_hours: number | null;
  plan_hours_children: number | null;
  plan_hours_done: number | null;
  plan_hours_invoiced: number | null;
  plan_wage: number | null;
  plan_wage_children: number | null;
  created: string | null;
  modified: string | null;
}

export interface ProjectAssignmentsTable extends Authored {
  tenant_id: number;
  id: Generated<number>;
  project_id: number;
  employee_id: string;
  from_date: string | null;
  to_date: string | null;
  note: string | null;
  availability: number | null;
  internal_rate: number | null;
  rate_type: number | null;
  type: string;
  price_group: string | null;
  created: string | null;
  modified: string | null;
}

export interface ProjectActivitiesTable extends Authored {
  tenant_id: number;
  id: Generated<number>;
  project_id: number;
  activity_id: number;
  default_factor: number;
  created: string | null;
  modified: string | null;
}

export interface ProjectLocationsTable extends Authored {
  tenant_id: number;
  id: Generated<number>;
  project_id: number;
  name: string;
  description: string | null;
  created: string | null;
  modified: string | null;
}

export interface ProjectTables {
  project_statuses: ProjectStatusesTable;
  projects: ProjectsTable;
  project_tasks: ProjectTasksTable;
  project_assignments: ProjectAssignmentsTable;
  project_activities: ProjectActivitiesTable;
  project_locations: ProjectLocationsTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends ProjectTables {}
}
