// Work locations and location lists (docs/api/people.md).
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import locationRoutes from './locations.routes.js';

export { examples } from './locations.examples.js';
export { demo } from './locations.demo.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Locations: 'organisation' };

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.shared;

export default async function locations(app: ZkApp) {
  await app.register(locationRoutes);
}
