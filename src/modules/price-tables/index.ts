// The tenant's base price tables (customers and projects mount their own on the same kit).
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import basePriceTableRoutes from './price-tables.routes.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Price tables': 'billing' };

export default async function priceTables(app: ZkApp) {
  await app.register(basePriceTableRoutes);
}
