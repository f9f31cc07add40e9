// Closed months (booking rule 1): additive endpoints.
import type { ZkApp } from '../../types.js';
import monthClosingRoutes from './month-closings.routes.js';

export default async function monthClosings(app: ZkApp) {
  await app.register(monthClosingRoutes);
}
