// Resource planning periods, only with the resource_planning module.
import type { ZkApp } from '../../types.js';
import resourcePlanningRoutes from './resource-plannings.routes.js';

export default async function resourcePlannings(app: ZkApp) {
  await app.register(resourcePlanningRoutes);
}
