// Internal rates of employees (docs/api/people.md).
import type { ZkApp } from '../../types.js';
import internalRateRoutes from './internal-rates.routes.js';

export default async function internalRates(app: ZkApp) {
  await app.register(internalRateRoutes);
}
