// Plannings: explicit planning entries (one employee, one day, a project or one of its tasks, tickets or
// subtasks), default plannings (a standing plan of an employee for a project over a period) and resource planning
// periods (the resource_planning module). A plan goes with what it plans: deleting the employee, project, task,
// ticket or subtask deletes its plans (ON DELETE CASCADE), nothing else refers to a plan.
// Indexes: the default order (date, employee, id) and each filter with the tenant first; the project's plan by date
// for plan versus actual.
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl } from '../dialect.js';

export const plannings: Migration = {
  version: '1700_plannings',
  async up(db, dialect) {
    const t = ddl(dialect);
    const owned = `tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,\n  id ${t.id}`;
    const ref = (column: string, table: string, key = 'id') =>
      `FOREIGN KEY (tenant_id, ${column}) REFERENCES ${table} (tenant_id, ${key}) ON UPDATE CASCADE ON DELETE CASCADE`;
    await execScript(
      db,
      `
CREATE TABLE plannings (
  ${owned},
  employee_id ${t.text} NOT NULL,
  date ${t.date} NOT NULL,
  project_id ${t.int} NOT NULL,
  project_task_id ${t.int},
  ticket_id ${t.int},
  subtask_id ${t.int},
  type ${t.int} NOT NULL,
  kind ${t.int} NOT NULL,
  planning ${t.num},
  time_from ${t.time},
  time_to ${t.time},
  note ${t.text},
  created ${t.timestamp},
  modified ${t.timestamp},
  ${ref('employee_id', 'employees', 'username')},
  ${ref('project_id', 'projects')},
  ${ref('project_task_id', 'project_tasks')},
  ${ref('ticket_id', 'tickets')},
  ${ref('subtask_id', 'ticket_subtasks')}
  ${t.tenantPk}
);
${t.tenantIdIndex('plannings')}
CREATE INDEX plannings_date ON plannings (tenant_id, date, employee_id, id);
CREATE INDEX plannings_employee ON plannings (tenant_id, employee_id, date, id);
CREATE INDEX plannings_project ON plannings (tenant_id, project_id, date, id);
CREATE INDEX plannings_task ON plannings (tenant_id, project_task_id);
CREATE INDEX plannings_ticket ON plannings (tenant_id, ticket_id);
CREATE INDEX plannings_subtask ON plannings (tenant_id, subtask_id);
CREATE INDEX plannings_modified ON plannings (tenant_id, modified, id);

CREATE TABLE default_plannings (
  ${owned},
  employee_id ${t.text} NOT NULL,
  project_id ${t.int} NOT NULL,
  kind ${t.int} NOT NULL,
  planning ${t.num} NOT NULL,
  start_date ${t.date} NOT NULL,
  end_date ${t.date} NOT NULL,
  note ${t.text},
  created ${t.timestamp},
  modified ${t.timestamp},
  ${ref('employee_id', 'employees', 'username')},
  ${ref('project_id', 'projects')}
  ${t.tenantPk}
);
${t.tenantIdIndex('default_plannings')}
CREATE INDEX default_plannings_employee ON default_plannings (tenant_id, employee_id, end_date);
CREATE INDEX default_plannings_project ON default_plannings (tenant_id, project_id, end_date);
CREATE INDEX default_plannings_start ON default_plannings (tenant_id, start_date, id);
CREATE INDEX default_plannings_end ON default_plannings (tenant_id, end_date, id);
CREATE INDEX default_plannings_modified ON default_plannings (tenant_id, modified, id);

CREATE TABLE resource_plannings (
  ${owned},
  employee_id ${t.text} NOT NULL,
  project_id ${t.int} NOT NULL,
  start_date ${t.date} NOT NULL,
  end_date ${t.date} NOT NULL,
  unit ${t.text} NOT NULL,
  value ${t.num} NOT NULL,
  note ${t.text},
  created ${t.timestamp},
  modified ${t.timestamp},
  ${ref('employee_id', 'employees', 'username')},
  ${ref('project_id', 'projects')}
  ${t.tenantPk}
);
${t.tenantIdIndex('resource_plannings')}
CREATE INDEX resource_plannings_start ON resource_plannings (tenant_id, start_date, employee_id, id);
CREATE INDEX resource_plannings_employee ON resource_plannings (tenant_id, employee_id, end_date);
CREATE INDEX resource_plannings_project ON resource_plannings (tenant_id, project_id, end_date);
CREATE INDEX resource_plannings_end ON resource_plannings (tenant_id, end_date, id);
CREATE INDEX resource_plannings_modified ON resource_plannings (tenant_id, modified, id)
`,
    );
  },
};
