// Offers and their items.
import type { ZkApp } from '../../types.js';
import offers from './offers.routes.js';
import items from './offer-items.routes.js';

export default async function offersArea(app: ZkApp) {
  await app.register(offers);
  await app.register(items);
}
