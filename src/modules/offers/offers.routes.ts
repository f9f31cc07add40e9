// GET/POST /offers, GET/PATCH/PUT/DELETE /offers/{id} (docs/api/commercial.md): list conventions (sort honoured, unlike
// the real system), id[] (up to 100), customer_id, status; additive totals from the items.
import type { ZkApp } from '../../types.js';
import { arrayParam } from '../../http/list/index.js';
import { resourceRoutes } from '../crud/index.js';
import { Offer, OfferListQuery, OfferWrite } from './offers.schemas.js';
import { findOffer, listOffers, offerListSpec, toOffers, type OfferFilters } from './offers.repository.js';
import { changeOffer, createOffer, removeOffer } from './offers.service.js';
import { offerTotalsDerivation } from './offers.records.js';

function filters(query: Record<string, unknown>): OfferFilters {
  const q = query as OfferFilters;
  return { ids: arrayParam(query, 'id')?.map(Number), customer_id: q.customer_id, status: q.status };
}

export default async function offerRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Offer',
    plural: 'offers',
    tags: ['Offers'],
    path: '/offers',
    records: { table: 'offers', derivations: [offerTotalsDerivation] },
    resource: Offer,
    repository: {
      list: (s, q) => listOffers(s.db, filters(q)),
      find: (s, id) => findOffer(s.db, id),
      show: async (s, row) => (await toOffers(s.db, [row]))[0],
      showMany: (s, rows) => toOffers(s.db, rows),
      insert: (s, body) => createOffer(s.db, body),
      update: (s, row, body) => changeOffer(s.db, row, body),
      remove: (s, row) => removeOffer(s.db, row),
    },
    list: { query: OfferListQuery, spec: offerListSpec },
    create: { body: OfferWrite },
    update: { body: OfferWrite },
    summaries: {
      list: 'List offers (id[] up to 100 ids, customer_id, status; totals from the items)',
      remove: 'Delete an offer with its items',
    },
  });
}
