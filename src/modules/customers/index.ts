// Customers with their addresses and managers, contacts, and the customers' own price tables.
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { Reference } from '../../db/references.js';
import customerRoutes from './customers.routes.js';
import contactRoutes from './contacts.routes.js';
import customerPriceTableRoutes from './customer-price-tables.routes.js';

export { examples } from './customers.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = {
  Customers: 'customers-projects',
  'Customer contacts': 'customers-projects',
  'Price tables': 'billing',
};

/** Columns of this module's tables that name other records: their deletes are refused while rows refer to them. */
export const references: Reference[] = [
  { table: 'customers', column: 'department_id', to: 'departments', what: 'the department of customers', order: 20 },
  {
    table: 'customer_contacts',
    column: 'department_id',
    to: 'departments',
    what: 'the department of customer contacts',
    order: 30,
  },
];

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.office;

export default async function customers(app: ZkApp) {
  await app.register(customerRoutes);
  await app.register(contactRoutes);
  await app.register(customerPriceTableRoutes);
}
