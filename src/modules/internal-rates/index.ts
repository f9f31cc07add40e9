// Internal rates of employees (reference §4.14).
import type { ZkApp } from '../../types.js';
import internalRateRoutes from './internal-rates.routes.js';

export default async function internalRates(app: ZkApp) {
  await app.register(internalRateRoutes);
}
