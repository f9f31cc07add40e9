// The tenant's base price tables (customers and projects mount their own on the same kit).
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { Reference } from '../../db/references.js';
import basePriceTableRoutes from './price-tables.routes.js';

export { examples } from './price-tables.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Price tables': 'billing' };

/** Columns of this module's tables that name other records: their deletes are refused while rows refer to them. */
export const references: Reference[] = [
  { table: 'prices', column: 'activity', to: 'activities', by: 'name', what: 'prices of price tables', order: 75 },
  { table: 'prices', column: 'price_group', to: 'price_groups', by: 'name', what: 'prices of price tables', order: 75 },
  { table: 'price_factors', column: 'activity_id', to: 'activities', what: 'price factors', order: 77 },
];

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.office;

export default async function priceTables(app: ZkApp) {
  await app.register(basePriceTableRoutes);
}
