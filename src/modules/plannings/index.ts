// Plannings, default plannings, resource plannings and the deprecated /planning alias (docs/api/plannings.md).
import { type AreaGrants, GRANT, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { AreaRows } from '../../access/rows.js';
import planningRoutes from './plannings.routes.js';

export { examples } from './plannings.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Plannings: 'time' };

/** The rows a person with a narrower grant than all reaches (access/rows.ts, docs/api/permissions.md). */
export const rowRules: AreaRows = {
  own: {
    query: 'employee_ids[]',
    body: 'employee_id',
    record: { table: 'plannings', column: 'employee_id', paths: ['/plannings/:id'] },
  },
  // Project Controllers: the plans of the projects they control, and their plan-vs-actual.
  controlled: {
    table: 'plannings',
    employee: 'employee_id',
    project: 'project_id',
    lists: ['/plannings'],
    records: ['/plannings/:id'],
    projects: { '/projects/:id/plan-vs-actual': 'id' },
  },
};

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = { ...PROFILES.personal, project_controller: GRANT.controlled };

export default async function plannings(app: ZkApp) {
  await app.register(planningRoutes);
}
