// Closed months (booking rule 1): for the whole tenant (employee_id null) or for one employee.
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl } from '../dialect.js';

export const monthClosings: Migration = {
  version: '0400_month_closings',
  async up(db, dialect) {
    const t = ddl(dialect);
    await execScript(
      db,
      `
CREATE TABLE month_closings (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id ${t.id},
  month ${t.text} NOT NULL,
  employee_id ${t.text},
  note ${t.text},
  created ${t.timestamp},
  modified ${t.timestamp},
  FOREIGN KEY (tenant_id, employee_id) REFERENCES employees (tenant_id, username) ON UPDATE CASCADE ON DELETE CASCADE
  ${t.tenantPk}
);
${t.tenantIdIndex('month_closings')}
CREATE INDEX month_closings_month ON month_closings (tenant_id, month, employee_id);
CREATE INDEX month_closings_employee ON month_closings (tenant_id, employee_id, month)
`,
    );
  },
};
