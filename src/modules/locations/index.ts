// Work locations and location lists (docs/api/people.md).
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import locationRoutes from './locations.routes.js';

export { examples } from './locations.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Locations: 'organisation' };

export default async function locations(app: ZkApp) {
  await app.register(locationRoutes);
}
