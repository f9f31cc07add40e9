// Price groups (docs/api/people.md).
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import priceGroupRoutes from './price-groups.routes.js';

export { examples } from './price-groups.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Price groups': 'billing' };

export default async function priceGroups(app: ZkApp) {
  await app.register(priceGroupRoutes);
}
