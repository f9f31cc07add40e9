// Plannings, default plannings, resource plannings and the deprecated /planning alias (docs/api/plannings.md).
import type { ZkApp } from '../../types.js';
import planningRoutes from './plannings.routes.js';

export default async function plannings(app: ZkApp) {
  await app.register(planningRoutes);
}
