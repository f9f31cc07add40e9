// Terminals (devices, docs/api/people.md).
import type { ZkApp } from '../../types.js';
import deviceRoutes from './devices.routes.js';

export default async function devices(app: ZkApp) {
  await app.register(deviceRoutes);
}
