// Articles (contract "Masterdata", docs/api/masterdata.md): read per contract, writes additive.
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import articleRoutes from './articles.routes.js';

export { examples } from './articles.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Articles: 'billing' };

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.office;

export default async function articles(app: ZkApp) {
  await app.register(articleRoutes);
}
