// Work locations and location lists (docs/api/people.md).
import type { ZkApp } from '../../types.js';
import locationRoutes from './locations.routes.js';

export default async function locations(app: ZkApp) {
  await app.register(locationRoutes);
}
