// Default plannings: standing plans whose days GET /plannings?include_defaults=true adds.
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import defaultPlanningRoutes from './default-plannings.routes.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Plannings: 'time' };

export default async function defaultPlannings(app: ZkApp) {
  await app.register(defaultPlanningRoutes);
}
