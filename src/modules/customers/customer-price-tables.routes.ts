// /customers/{customer}/price-tables: the customer's own price tables (additive in v1). The list shows only the
// customer's own tables; the customer detail's `priceTables` falls back to the base tables when there are none.
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { priceTableRoutes } from '../price-tables/price-tables.routes.js';
import { requireCustomer } from './customers.service.js';

export default async function customerPriceTableRoutes(app: ZkApp) {
  priceTableRoutes(app, {
    path: '/customers/:customer/price-tables',
    tags: ['Customers', 'Price tables'],
    ownerParams: { customer: Type.String({ minLength: 1, maxLength: 255, description: 'Customer number' }) },
    what: 'customer price table',
    level: 'customer',
    ownerKey: ['customer_number'],
    owner: async (s, params) => ({
      level: 'customer',
      customer_number: (await requireCustomer(s.db, String(params.customer))).customer_number,
    }),
  });
}
