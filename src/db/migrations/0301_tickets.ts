// Tickets, their subtasks and attachments (docs/api/projects.md). A ticket belongs to a project and one
// of its tasks; tickets and subtasks carry a runtime (start_date..deadline) and planned hours that bookings
// are checked against.
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl } from '../dialect.js';

export const tickets: Migration = {
  version: '0301_tickets',
  async up(db, dialect) {
    const t = ddl(dialect);
    const owned = `tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,\n  id ${t.id}`;
    // Columns tickets and subtasks share.
    const common = `
  subject ${t.text} NOT NULL,
  status ${t.int} NOT NULL,
  creator_username ${t.text},
  processor_username ${t.text},
  customer_contact_person ${t.text},
  date ${t.timestamp} NOT NULL,
  receipt_date ${t.date},
  start_date ${t.date},
  deadline ${t.date},
  processing_date ${t.timestamp},
  done_date ${t.timestamp},
  approved_date ${t.timestamp},
  rejected_date ${t.timestamp},
  billed_date ${t.timestamp},
  planned_hours ${t.num},
  prevent_overbooking ${t.int} NOT NULL DEFAULT 0,
  history_modified ${t.timestamp},
  history_creator_username ${t.text},
  customer_reference ${t.text},
  keywords ${t.json},
  created ${t.timestamp},
  modified ${t.timestamp},
  FOREIGN KEY (tenant_id, creator_username) REFERENCES employees (tenant_id, username) ON UPDATE CASCADE,
  FOREIGN KEY (tenant_id, processor_username) REFERENCES employees (tenant_id, username) ON UPDATE CASCADE`;
    await execScript(
      db,
      `
CREATE TABLE tickets (
  ${owned},
  project_id ${t.int} NOT NULL,
  project_task_id ${t.int} NOT NULL,
  priority ${t.int} NOT NULL,
  notify_of_completion ${t.bool},
  external_ticket_number ${t.text},
  from_mail ${t.text},${common},
  FOREIGN KEY (tenant_id, project_id) REFERENCES projects (tenant_id, id),
  FOREIGN KEY (tenant_id, project_task_id) REFERENCES project_tasks (tenant_id, id)
  ${t.tenantPk}
);
${t.tenantIdIndex('tickets')}
CREATE INDEX tickets_project ON tickets (tenant_id, project_id, id);
CREATE INDEX tickets_task ON tickets (tenant_id, project_task_id);
CREATE INDEX tickets_start ON tickets (tenant_id, start_date, id);
CREATE INDEX tickets_deadline ON tickets (tenant_id, deadline, id);
CREATE INDEX tickets_status ON tickets (tenant_id, status, id);
CREATE INDEX tickets_modified ON tickets (tenant_id, modified);

CREATE TABLE ticket_subtasks (
  ${owned},
  ticket_id ${t.int} NOT NULL,
  name ${t.text} NOT NULL,${common},
  FOREIGN KEY (tenant_id, ticket_id) REFERENCES tickets (tenant_id, id) ON DELETE CASCADE
  ${t.tenantPk}
);
${t.tenantIdIndex('ticket_subtasks')}
CREATE INDEX ticket_subtasks_ticket ON ticket_subtasks (tenant_id, ticket_id, id);
CREATE INDEX ticket_subtasks_modified ON ticket_subtasks (tenant_id, modified);

CREATE TABLE ticket_attachments (
  ${owned},
  ticket_id ${t.int} NOT NULL,
  filename ${t.text} NOT NULL,
  content_type ${t.text} NOT NULL,
  size ${t.int} NOT NULL,
  file_contents ${t.text} NOT NULL,
  created ${t.timestamp},
  FOREIGN KEY (tenant_id, ticket_id) REFERENCES tickets (tenant_id, id) ON DELETE CASCADE
  ${t.tenantPk}
);
${t.tenantIdIndex('ticket_attachments')}
CREATE INDEX ticket_attachments_ticket ON ticket_attachments (tenant_id, ticket_id, id)
`,
    );
  },
};
