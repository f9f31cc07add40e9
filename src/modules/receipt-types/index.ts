// Receipt types: master data for receipts, additive in v1.
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import receiptTypeRoutes from './receipt-types.routes.js';

export { examples } from './receipt-types.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Receipt types': 'billing' };

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.shared;

export default async function receiptTypes(app: ZkApp) {
  await app.register(receiptTypeRoutes);
}
