// Indexes the query-plan test (test/query-plans.test.ts) demands. Without statistics SQLite walks the tenant's
// bookings in key order (`id`, the default sort) rather than sorting a filter's rows, so a filtered page read
// every booking of the tenant: GET /attendances?project_id=… took 75–135 ms on medium data, under 1 ms with the
// filter column followed by id. Attendances carry the most writes, so two of the three are replacements that
// keep what the replaced index served: net one index more (13).
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';

export const queryPlanIndexes: Migration = {
  version: '0900_query_plan_indexes',
  async up(db) {
    await execScript(
      db,
      `
CREATE INDEX attendances_employee_id ON attendances (tenant_id, employee_id, id);
CREATE INDEX attendances_project_id ON attendances (tenant_id, project_id, id, duration);
DROP INDEX attendances_project_duration;
CREATE INDEX attendances_ticket_id ON attendances (tenant_id, ticket_id, id, duration);
DROP INDEX attendances_ticket
`,
    );
  },
};
