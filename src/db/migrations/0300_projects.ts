// Projects and what hangs on them: project statuses, projects, tasks, employee assignments,
// allowed activities and project locations. Project price tables live in the spine's price_tables
// (level 'project', project_id). Keys follow the contract: customer_id is the customer number, employee_id
// the username, project_status_id the status short name, all with ON UPDATE CASCADE.
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl } from '../dialect.js';

export const projects: Migration = {
  version: '0300_projects',
  async up(db, dialect) {
    const t = ddl(dialect);
    const owned = `tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,\n  id ${t.id}`;
    const num = (names: string[]) => names.map((n) => `${n} ${t.num},`).join('\n  ');
    const text = (names: string[]) => names.map((n) => `${n} ${t.text},`).join('\n  ');
    await execScript(
      db,
      `
CREATE TABLE project_statuses (
  ${owned},
  name ${t.text} NOT NULL,
  description ${t.text},
  bookable ${t.bool} NOT NULL DEFAULT ${t.true},
  sort_order ${t.int} NOT NULL DEFAULT 0,
  color ${t.text},
  abrechnungsrelevant ${t.text} NOT NULL DEFAULT '1',
  created ${t.timestamp},
  modified ${t.timestamp}
  ${t.tenantPk}
);
${t.tenantIdIndex('project_statuses')}
CREATE UNIQUE INDEX project_statuses_name ON project_statuses (tenant_id, name);
CREATE INDEX project_statuses_order ON project_statuses (tenant_id, sort_order, id);

CREATE TABLE projects (
  ${owned},
  name ${t.text} NOT NULL,
  description ${t.text},
  comments ${t.text},
  start_date ${t.date},
  end_date ${t.date},
  project_status_id ${t.text} NOT NULL,
  ${text(['cost_object', 'cost_object_identifier'])}
  keywords ${t.json},
  ${text(['reference_order', 'reference_commission', 'reference_procurement', 'reference_object', 'language', 'currency', 'url'])}
  ${text(['location_address', 'location_city', 'location_state', 'location_country', 'revenue_account'])}
  ${text(['customer_id', 'customer_contact_id', 'customer_project_reference', 'customer_billing_address_id', 'customer_shipping_address_id'])}
  has_multiple_customers ${t.bool},
  department_id ${t.int},
  billing_type ${t.int},
  billing_tasks ${t.text},
  ${num(['plan_hours', 'plan_hours_children', 'plan_hours_per_day', 'plan_wage', 'plan_wage_children', 'plan_expenses', 'plan_expenses_travel', 'plan_hours_done', 'plan_hours_invoiced'])}
  plan_can_exceed ${t.int},
  ${num(['plan_warning_percent', 'plan_warning_percent_2', 'plan_warning_percent_3'])}
  default_billability ${t.int} NOT NULL DEFAULT 0,
  receipts_billability ${t.int},
  end_customer_number ${t.text},
  created ${t.timestamp},
  modified ${t.timestamp},
  FOREIGN KEY (tenant_id, project_status_id) REFERENCES project_statuses (tenant_id, name) ON UPDATE CASCADE,
  FOREIGN KEY (tenant_id, customer_id) REFERENCES customers (tenant_id, customer_number) ON UPDATE CASCADE,
  FOREIGN KEY (tenant_id, department_id) REFERENCES departments (tenant_id, id)
  ${t.tenantPk}
);
${t.tenantIdIndex('projects')}
CREATE UNIQUE INDEX projects_name ON projects (tenant_id, name);
CREATE INDEX projects_status ON projects (tenant_id, project_status_id, id);
CREATE INDEX projects_start ON projects (tenant_id, start_date, id);
CREATE INDEX projects_end ON projects (tenant_id, end_date, id);
CREATE INDEX projects_customer ON projects (tenant_id, customer_id, id);
CREATE INDEX projects_department ON projects (tenant_id, department_id);
CREATE INDEX projects_created ON projects (tenant_id, created);
CREATE INDEX projects_modified ON projects (tenant_id, modified);

CREATE TABLE project_tasks (
  ${owned},
  project_id ${t.int} NOT NULL,
  parent_id ${t.int},
  name ${t.text} NOT NULL,
  description ${t.text},
  status ${t.text},
  order_number ${t.text},
  start_date ${t.date},
  end_date ${t.date},
  billing_type ${t.int} NOT NULL DEFAULT 1,
  ${num(['plan_hours', 'plan_hours_children', 'plan_hours_done', 'plan_hours_invoiced', 'plan_wage', 'plan_wage_children'])}
  created ${t.timestamp},
  modified ${t.timestamp},
  FOREIGN KEY (tenant_id, project_id) REFERENCES projects (tenant_id, id),
  FOREIGN KEY (tenant_id, parent_id) REFERENCES project_tasks (tenant_id, id)
  ${t.tenantPk}
);
${t.tenantIdIndex('project_tasks')}
CREATE INDEX project_tasks_project ON project_tasks (tenant_id, project_id, id);
CREATE INDEX project_tasks_parent ON project_tasks (tenant_id, parent_id);
CREATE INDEX project_tasks_name ON project_tasks (tenant_id, project_id, name);
CREATE INDEX project_tasks_modified ON project_tasks (tenant_id, modified);

CREATE TABLE project_assignments (
  ${owned},
  project_id ${t.int} NOT NULL,
  employee_id ${t.text} NOT NULL,
  from_date ${t.date},
  to_date ${t.date},
  note ${t.text},
  availability ${t.int},
  internal_rate ${t.num},
  rate_type ${t.int},
  type ${t.text} NOT NULL DEFAULT '0',
  price_group ${t.text},
  created ${t.timestamp},
  modified ${t.timestamp},
  FOREIGN KEY (tenant_id, project_id) REFERENCES projects (tenant_id, id),
  FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, username) ON UPDATE CASCADE,
  FOREIGN KEY (tenant_id, price_group) REFERENCES price_groups (tenant_id, name) ON UPDATE CASCADE
  ${t.tenantPk}
);
${t.tenantIdIndex('project_assignments')}
CREATE INDEX project_assignments_project ON project_assignments (tenant_id, project_id, id);
CREATE INDEX project_assignments_employee ON project_assignments (tenant_id, employee_id, project_id);
CREATE INDEX project_assignments_modified ON project_assignments (tenant_id, modified);

CREATE TABLE project_activities (
  ${owned},
  project_id ${t.int} NOT NULL,
  activity_id ${t.int} NOT NULL,
  default_factor ${t.num} NOT NULL DEFAULT 1,
  created ${t.timestamp},
  modified ${t.timestamp},
  FOREIGN KEY (tenant_id, project_id) REFERENCES projects (tenant_id, id),
  FOREIGN KEY (tenant_id, activity_id) REFERENCES activities (tenant_id, id)
  ${t.tenantPk}
);
${t.tenantIdIndex('project_activities')}
CREATE UNIQUE INDEX project_activities_pair ON project_activities (tenant_id, project_id, activity_id);
CREATE INDEX project_activities_activity ON project_activities (tenant_id, activity_id);

CREATE TABLE project_locations (
  ${owned},
  project_id ${t.int} NOT NULL,
  name ${t.text} NOT NULL,
  description ${t.text},
  created ${t.timestamp},
  modified ${t.timestamp},
  FOREIGN KEY (tenant_id, project_id) REFERENCES projects (tenant_id, id)
  ${t.tenantPk}
);
${t.tenantIdIndex('project_locations')}
CREATE UNIQUE INDEX project_locations_name ON project_locations (tenant_id, project_id, name);
CREATE INDEX project_locations_modified ON project_locations (tenant_id, modified)
`,
    );
  },
};
