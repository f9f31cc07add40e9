// Activities (docs/api/masterdata.md): read per contract, writes additive.
import type { ZkApp } from '../../types.js';
import activityRoutes from './activities.routes.js';

export default async function activities(app: ZkApp) {
  await app.register(activityRoutes);
}
