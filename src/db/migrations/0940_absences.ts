// Absences and leave approval applications. An absence belongs to one employee and names its reason by
// name (the JSON key); an approval workflow leaves one leave approval application the absence points at.
// Working-time balances sum an employee's booked hours before a day: the (employee, date) index of attendances
// carries the duration, so that sum reads the index alone (a page of 200 balances on medium data: 52 instead of
// ~90 ms of CPU). It keeps its columns in front, so it serves everything it served before. An employee's absences
// of a range are found by (employee, end_date): SQLite, without statistics, would rather walk the tenant's
// absences by a date index that carries a second date column, so the date indexes carry only the id.
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl } from '../dialect.js';

export const absences: Migration = {
  version: '0940_absences',
  async up(db, dialect) {
    const t = ddl(dialect);
    const ofEmployee =
      'FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, username) ON UPDATE CASCADE ON DELETE CASCADE';
    await execScript(
      db,
      `
CREATE TABLE leave_approval_applications (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id ${t.id},
  employee_id ${t.text} NOT NULL,
  requested_at ${t.timestamp} NOT NULL,
  number_of_days ${t.num} NOT NULL,
  start_date ${t.date} NOT NULL,
  end_date ${t.date} NOT NULL,
  note ${t.text},
  status ${t.int} NOT NULL,
  recipient ${t.text},
  recipient_cc ${t.text},
  recipient_bcc ${t.text},
  status_edited_since ${t.timestamp},
  status_edited_by ${t.text},
  status_note ${t.text},
  absence_text ${t.text},
  created ${t.timestamp},
  modified ${t.timestamp},
  ${ofEmployee}
  ${t.tenantPk}
);
${t.tenantIdIndex('leave_approval_applications')}
CREATE INDEX leave_approval_applications_employee ON leave_approval_applications (tenant_id, employee_id, start_date);

CREATE TABLE absences (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id ${t.id},
  employee_id ${t.text} NOT NULL,
  absence_reason_id ${t.text} NOT NULL,
  start_date ${t.date} NOT NULL,
  end_date ${t.date} NOT NULL,
  half_day_from ${t.bool} NOT NULL DEFAULT ${t.false},
  half_day_to ${t.bool} NOT NULL DEFAULT ${t.false},
  hours ${t.num},
  time_from ${t.time},
  time_to ${t.time},
  note ${t.text},
  timezone ${t.text},
  approved ${t.bool} NOT NULL,
  leave_approval_application_id ${t.int},
  created ${t.timestamp},
  modified ${t.timestamp},
  ${ofEmployee},
  FOREIGN KEY (tenant_id, absence_reason_id) REFERENCES absence_reasons (tenant_id, name) ON UPDATE CASCADE,
  FOREIGN KEY (tenant_id, leave_approval_application_id) REFERENCES leave_approval_applications (tenant_id, id)
  ${t.tenantPk}
);
${t.tenantIdIndex('absences')}
CREATE INDEX absences_employee ON absences (tenant_id, employee_id, end_date, start_date);
CREATE INDEX absences_start ON absences (tenant_id, start_date, id);
CREATE INDEX absences_end ON absences (tenant_id, end_date, id);
CREATE INDEX absences_reason ON absences (tenant_id, absence_reason_id, id);
CREATE INDEX absences_application ON absences (tenant_id, leave_approval_application_id);
CREATE INDEX absences_modified ON absences (tenant_id, modified, id);
CREATE INDEX absences_created ON absences (tenant_id, created, id);

DROP INDEX attendances_employee_date;
CREATE INDEX attendances_employee_date ON attendances (tenant_id, employee_id, date, id, duration)
`,
    );
  },
};
