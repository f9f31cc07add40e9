// Plannings, default plannings, resource plannings and the deprecated /planning alias (docs/api/plannings.md).
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import planningRoutes from './plannings.routes.js';

export { examples } from './plannings.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Plannings: 'time' };

export default async function plannings(app: ZkApp) {
  await app.register(planningRoutes);
}
