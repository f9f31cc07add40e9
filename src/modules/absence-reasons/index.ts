// Absence reasons (docs/api/absences.md): read per contract, writes additive.
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import absenceReasonRoutes from './absence-reasons.routes.js';

export { examples } from './absence-reasons.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Absence reasons': 'time' };

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.shared;

export default async function absenceReasons(app: ZkApp) {
  await app.register(absenceReasonRoutes);
}
