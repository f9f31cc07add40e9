// Resource planning periods, only with the resource_planning module.
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import resourcePlanningRoutes from './resource-plannings.routes.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Plannings: 'time' };

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.office;

export default async function resourcePlannings(app: ZkApp) {
  await app.register(resourcePlanningRoutes);
}
