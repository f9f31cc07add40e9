// The tenant's base price tables (customers and projects mount their own on the same kit).
import type { ZkApp } from '../../types.js';
import basePriceTableRoutes from './price-tables.routes.js';

export default async function priceTables(app: ZkApp) {
  await app.register(basePriceTableRoutes);
}
