// Vehicles by date and the dated vehicle lists (docs/api/people.md).
import type { ZkApp } from '../../types.js';
import vehicleRoutes from './vehicles.routes.js';

export default async function vehicles(app: ZkApp) {
  await app.register(vehicleRoutes);
}
