// Default plannings: standing plans whose days GET /plannings?include_defaults=true adds.
import type { ZkApp } from '../../types.js';
import defaultPlanningRoutes from './default-plannings.routes.js';

export default async function defaultPlannings(app: ZkApp) {
  await app.register(defaultPlanningRoutes);
}
