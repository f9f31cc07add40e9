// Absence reasons (docs/api/absences.md): read per contract, writes additive.
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import absenceReasonRoutes from './absence-reasons.routes.js';

export { examples } from './absence-reasons.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Absence reasons': 'time' };

export default async function absenceReasons(app: ZkApp) {
  await app.register(absenceReasonRoutes);
}
