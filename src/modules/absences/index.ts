// Absences with leave approval (docs/api/absences.md).
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import absenceRoutes from './absences.routes.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Absences: 'time' };

export default async function absences(app: ZkApp) {
  await app.register(absenceRoutes);
}
