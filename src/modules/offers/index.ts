// Offers and their items.
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { Reference } from '../../db/references.js';
import offers from './offers.routes.js';
import items from './offer-items.routes.js';

export { examples } from './offers.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Offers: 'billing', 'Offer items': 'billing' };

/** Columns of this module's tables that name other records: their deletes are refused while rows refer to them. */
export const references: Reference[] = [
  { table: 'offers', column: 'project_id', to: 'projects', what: 'offers', order: 80 },
  { table: 'offers', column: 'customer_id', to: 'customers', by: 'customer_number', what: 'offers', order: 80 },
  { table: 'offer_items', column: 'article_id', to: 'articles', what: 'offer items', order: 82 },
];

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.office;

export default async function offersArea(app: ZkApp) {
  await app.register(offers);
  await app.register(items);
}
