// Default plannings: standing plans whose days GET /plannings?include_defaults=true adds.
import { type AreaGrants, GRANT, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { AreaRows } from '../../access/rows.js';
import defaultPlanningRoutes from './default-plannings.routes.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Plannings: 'time' };

/** The rows a person with a narrower grant than all reaches (access/rows.ts, docs/api/permissions.md). */
export const rowRules: AreaRows = {
  own: {
    query: 'employee_ids[]',
    body: 'employee_id',
    record: { table: 'default_plannings', column: 'employee_id', paths: ['/default-plannings/:id'] },
  },
  // Project Controllers: the standing plans of the projects they control.
  controlled: {
    table: 'default_plannings',
    employee: 'employee_id',
    project: 'project_id',
    lists: ['/default-plannings'],
    records: ['/default-plannings/:id'],
  },
};

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = { ...PROFILES.ownReadOnly, project_controller: GRANT.readControlled };

export default async function defaultPlannings(app: ZkApp) {
  await app.register(defaultPlanningRoutes);
}
