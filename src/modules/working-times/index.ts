// Regular working times of employees (docs/api/people.md).
import type { ZkApp } from '../../types.js';
import workingTimeRoutes from './working-times.routes.js';

export default async function workingTimes(app: ZkApp) {
  await app.register(workingTimeRoutes);
}
