// Activities (docs/api/masterdata.md): read per contract, writes additive.
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import activityRoutes from './activities.routes.js';

export { examples } from './activities.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Activities: 'customers-projects' };

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.shared;

export default async function activities(app: ZkApp) {
  await app.register(activityRoutes);
}
