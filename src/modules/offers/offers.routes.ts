// GET/POST /offers, GET/PATCH/PUT/DELETE /offers/{id} (docs/api/commercial.md): list conventions (sort honoured, unlike
// the real system), id[] (up to 100), customer_id, status; additive totals from the items.
import type { ZkApp } from '../../types.js';
import { arrayParam } from '../../http/list/index.js';
import { resourceRoutes } from '../crud/index.js';
import { Offer, OfferListQuery, OfferWrite, type OfferT } from './offers.schemas.js';
import {
  findOffer,
  listOffers,
  offerListSpec,
  toOffers,
  type OfferFilters,
  type OfferRow,
} from './offers.repository.js';
import { changeOffer, createOffer, removeOffer } from './offers.service.js';
import { offerTotalsDerivation } from './offers.records.js';

function filters(query: Record<string, unknown>): OfferFilters {
  const q = query as OfferFilters;
  return { ids: arrayParam(query, 'id')?.map(Number), customer_id: q.customer_id, status: q.status };
}

export default async function offerRoutes(app: ZkApp) {
  resourceRoutes<undefined, OfferRow, OfferT>(app, {
    name: 'Offer',
    plural: 'offers',
    tags: ['Offers'],
    path: '/offers',
    records: { table: 'offers', derivations: [offerTotalsDerivation], showMany: (s, _p, rows) => toOffers(s.db, rows) },
    resource: Offer,
    list: {
      query: OfferListQuery,
      build: (s, _p, q) => listOffers(s.db, filters(q)),
      spec: offerListSpec,
      map: (s, _p, rows) => toOffers(s.db, rows),
    },
    find: (s, _p, id) => findOffer(s.db, id),
    show: async (s, _p, row) => (await toOffers(s.db, [row]))[0],
    create: { body: OfferWrite, run: (s, _p, body) => createOffer(s.db, body) },
    update: { body: OfferWrite, run: (s, _p, row, body) => changeOffer(s.db, row, body) },
    remove: (s, _p, row) => removeOffer(s.db, row),
    summaries: {
      list: 'List offers (id[] up to 100 ids, customer_id, status; totals from the items)',
      remove: 'Delete an offer with its items',
    },
  });
}
