// Working-time balances (docs/api/absences.md): hours booked against target hours, and leave per year.
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import workhourBalanceRoutes from './workhour-balances.routes.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Working-time balances': 'time' };

export default async function workhourBalances(app: ZkApp) {
  await app.register(workhourBalanceRoutes);
}
