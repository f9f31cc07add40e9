// Offers and their items.
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import offers from './offers.routes.js';
import items from './offer-items.routes.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Offers: 'billing', 'Offer items': 'billing' };

export default async function offersArea(app: ZkApp) {
  await app.register(offers);
  await app.register(items);
}
