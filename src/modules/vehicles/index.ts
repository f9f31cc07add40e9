// Vehicles by date and the dated vehicle lists (docs/api/people.md).
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import vehicleRoutes from './vehicles.routes.js';

export { examples } from './vehicles.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Vehicles: 'organisation' };

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.shared;

export default async function vehicles(app: ZkApp) {
  await app.register(vehicleRoutes);
}
