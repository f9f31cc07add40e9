// Price groups (reference §4.23).
import type { ZkApp } from '../../types.js';
import priceGroupRoutes from './price-groups.routes.js';

export default async function priceGroups(app: ZkApp) {
  await app.register(priceGroupRoutes);
}
