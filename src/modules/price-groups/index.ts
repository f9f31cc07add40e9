// Price groups (docs/api/people.md).
import type { ZkApp } from '../../types.js';
import priceGroupRoutes from './price-groups.routes.js';

export default async function priceGroups(app: ZkApp) {
  await app.register(priceGroupRoutes);
}
