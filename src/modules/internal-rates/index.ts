// Internal rates of employees (docs/api/people.md).
import { type AreaGrants, GRANT } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import internalRateRoutes from './internal-rates.routes.js';

export { examples } from './internal-rates.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Internal rates': 'organisation' };

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = { controller: GRANT.readAll, administrator: GRANT.all };

export default async function internalRates(app: ZkApp) {
  await app.register(internalRateRoutes);
}
