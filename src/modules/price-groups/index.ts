// Price groups (docs/api/people.md).
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import priceGroupRoutes from './price-groups.routes.js';

export { examples } from './price-groups.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Price groups': 'billing' };

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.office;

export default async function priceGroups(app: ZkApp) {
  await app.register(priceGroupRoutes);
}
