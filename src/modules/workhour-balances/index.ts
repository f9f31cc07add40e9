// Working-time balances (docs/api/absences.md): hours booked against target hours, and leave per year.
import type { ZkApp } from '../../types.js';
import workhourBalanceRoutes from './workhour-balances.routes.js';

export default async function workhourBalances(app: ZkApp) {
  await app.register(workhourBalanceRoutes);
}
