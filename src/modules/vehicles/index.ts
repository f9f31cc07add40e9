// Vehicles by date and the dated vehicle lists (docs/api/people.md).
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import vehicleRoutes from './vehicles.routes.js';

export { examples } from './vehicles.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Vehicles: 'organisation' };

export default async function vehicles(app: ZkApp) {
  await app.register(vehicleRoutes);
}
