// Customers with their addresses and managers, contacts, and the customers' own price tables.
import type { ZkApp } from '../../types.js';
import customerRoutes from './customers.routes.js';
import contactRoutes from './contacts.routes.js';
import customerPriceTableRoutes from './customer-price-tables.routes.js';

export default async function customers(app: ZkApp) {
  await app.register(customerRoutes);
  await app.register(contactRoutes);
  await app.register(customerPriceTableRoutes);
}
