// Attendances (project time bookings). start_at/end_at are the booking's instants ('YYYY-MM-DD HH:MM:SS';
// a booking ending at 00:00 ends at the next day's midnight) for the overlap check.
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl } from '../dialect.js';

export const attendances: Migration = {
  version: '0401_attendances',
  async up(db, dialect) {
    const t = ddl(dialect);
    await execScript(
      db,
      `
CREATE TABLE attendances (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id ${t.id},
  employee_id ${t.text} NOT NULL,
  date ${t.date} NOT NULL,
  time_from ${t.time} NOT NULL,
  time_to ${t.time} NOT NULL,
  end_date ${t.date} NOT NULL,
  start_at ${t.timestamp} NOT NULL,
  end_at ${t.timestamp} NOT NULL,
  duration ${t.num} NOT NULL,
  note ${t.text},
  issue_id ${t.text},
  department_id ${t.int},
  project_release ${t.int},
  project_released_at ${t.timestamp},
  project_released_by ${t.text},
  billable ${t.bool} NOT NULL,
  work_location_id ${t.text},
  activity_id ${t.text} NOT NULL,
  start ${t.text},
  destination ${t.text},
  vehicle_id ${t.text},
  private ${t.bool},
  passengers ${t.int},
  km ${t.int},
  direction_of_travel ${t.int},
  project_id ${t.int} NOT NULL,
  project_task_id ${t.int} NOT NULL,
  invoice_item_id ${t.int},
  ticket_id ${t.int},
  subtask_id ${t.int},
  work_location_is_project_relevant ${t.bool} NOT NULL DEFAULT ${t.false},
  locked ${t.bool},
  is_travel ${t.bool} NOT NULL DEFAULT ${t.false},
  color ${t.text},
  created ${t.timestamp},
  modified ${t.timestamp},
  FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, username) ON UPDATE CASCADE,
  FOREIGN KEY (tenant_id, activity_id) REFERENCES activities (tenant_id, name) ON UPDATE CASCADE,
  FOREIGN KEY (tenant_id, project_id) REFERENCES projects (tenant_id, id),
  FOREIGN KEY (tenant_id, project_task_id) REFERENCES project_tasks (tenant_id, id),
  FOREIGN KEY (tenant_id, ticket_id) REFERENCES tickets (tenant_id, id),
  FOREIGN KEY (tenant_id, subtask_id) REFERENCES ticket_subtasks (tenant_id, id)
  ${t.tenantPk}
);
${t.tenantIdIndex('attendances')}
CREATE INDEX attendances_employee_date ON attendances (tenant_id, employee_id, date, id);
CREATE INDEX attendances_employee_start ON attendances (tenant_id, employee_id, start_at, end_at);
CREATE INDEX attendances_date ON attendances (tenant_id, date, id);
CREATE INDEX attendances_project ON attendances (tenant_id, project_id, date, id);
CREATE INDEX attendances_project_duration ON attendances (tenant_id, project_id, duration);
CREATE INDEX attendances_task ON attendances (tenant_id, project_task_id, duration);
CREATE INDEX attendances_ticket ON attendances (tenant_id, ticket_id, date, id);
CREATE INDEX attendances_subtask ON attendances (tenant_id, subtask_id, duration);
CREATE INDEX attendances_activity ON attendances (tenant_id, activity_id);
CREATE INDEX attendances_modified ON attendances (tenant_id, modified, id);
CREATE INDEX attendances_created ON attendances (tenant_id, created, id)
`,
    );
  },
};
