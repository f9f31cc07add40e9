// Uniqueness rules the database enforces: a check-then-insert alone lets racing creates through on
// PostgreSQL. A month is closed once for the tenant and once per employee (two partial unique indexes: the
// tenant-wide closing has no employee); an owner's price tables have distinct start dates, one without a start
// date at most (an expression index: base and customer tables have NULL owner columns, and NULL is never equal
// to NULL in a plain unique index). Duplicates that races already stored are removed first, keeping the oldest
// row: two closings of one month mean the same, and of two price tables with one owner and start date only one
// could ever apply.
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';

const sameOwnerAndStart = `o.tenant_id = price_tables.tenant_id AND o.level = price_tables.level
  AND COALESCE(o.customer_number, '') = COALESCE(price_tables.customer_number, '')
  AND COALESCE(o.project_id, 0) = COALESCE(price_tables.project_id, 0)
  AND COALESCE(o.start_date, '-infinity') = COALESCE(price_tables.start_date, '-infinity')`;

export const uniqueness: Migration = {
  version: '1300_uniqueness',
  async up(db) {
    await execScript(
      db,
      `
DELETE FROM month_closings WHERE EXISTS (
  SELECT 1 FROM month_closings o WHERE o.tenant_id = month_closings.tenant_id AND o.month = month_closings.month
  AND (o.employee_id = month_closings.employee_id OR (o.employee_id IS NULL AND month_closings.employee_id IS NULL))
  AND o.id < month_closings.id
);
CREATE UNIQUE INDEX month_closings_tenant_month ON month_closings (tenant_id, month) WHERE employee_id IS NULL;
CREATE UNIQUE INDEX month_closings_employee_month ON month_closings (tenant_id, employee_id, month) WHERE employee_id IS NOT NULL;
DELETE FROM price_tables WHERE EXISTS (SELECT 1 FROM price_tables o WHERE ${sameOwnerAndStart} AND o.id < price_tables.id);
CREATE UNIQUE INDEX price_tables_owner_start ON price_tables
  (tenant_id, level, COALESCE(customer_number, ''), COALESCE(project_id, 0), COALESCE(start_date, '-infinity'))
`,
    );
  },
};
