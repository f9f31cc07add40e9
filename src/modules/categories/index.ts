// Categories (docs/api/masterdata.md) and the category links other records carry.
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import categoryRoutes from './categories.routes.js';

export { examples } from './categories.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Categories: 'customers-projects' };

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.office;

export default async function categories(app: ZkApp) {
  await app.register(categoryRoutes);
}
