// GET/POST /offers, GET/PATCH/PUT/DELETE /offers/{id} (docs/api/commercial.md): list conventions (sort honoured, unlike
// the real system), id[] (up to 100), customer_id, status; additive totals from the items.
import type { ZkApp } from '../../types.js';
import { resourceRoutes } from '../crud/index.js';
import { Offer, OfferListQuery, OfferWrite } from './offers.schemas.js';
import { offerListSpec } from './offers.repository.js';
import { offers } from './offers.service.js';
import { offerTotalsDerivation } from './offers.records.js';

export default async function offerRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Offer',
    plural: 'offers',
    tags: ['Offers'],
    path: '/offers',
    records: { table: 'offers', derivations: [offerTotalsDerivation] },
    resource: Offer,
    repository: offers,
    list: { query: OfferListQuery, spec: offerListSpec },
    create: { body: OfferWrite },
    update: { body: OfferWrite },
    summaries: {
      list: 'List offers (id[] up to 100 ids, customer_id, status; totals from the items)',
      remove: 'Delete an offer with its items',
    },
  });
}
