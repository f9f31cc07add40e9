// Reports (zeitkonto extension, docs/api/reports.md): hours and money of the bookings by any dimension, uninvoiced
// work and project budgets, as JSON lists and as CSV/XLSX. Read-only: no tables of its own.
import { GRANT, type AreaGrants } from '../../access/matrix.js';
import type { AreaRows } from '../../access/rows.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import reportRoutes from './reports.routes.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Reports: 'billing' };

const REPORTS = ['/reports/hours', '/reports/uninvoiced', '/reports/budget'];

/**
 * A report sums only the bookings and plans the caller reads (access/rows.ts): their own (both tables name the
 * employee in `employee_id`), and for Project Controllers those of the projects they control.
 */
export const rowRules: AreaRows = {
  own: { list: { paths: REPORTS, column: 'employee_id' } },
  controlled: { table: 'attendances', employee: 'employee_id', project: 'project_id', lists: REPORTS, records: [] },
};

/** Everyone reads reports of the rows they read in attendances (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = {
  user: GRANT.readOwn,
  extended: GRANT.readOwn,
  project_controller: GRANT.readControlled,
  controller: GRANT.readAll,
  administrator: GRANT.readAll,
};

export default async function reports(app: ZkApp) {
  await app.register(reportRoutes);
}
