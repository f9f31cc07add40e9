// GET/POST /offers/{id}/items, GET/PATCH/PUT/DELETE /offers/{id}/items/{item_id} (contract "Offer item"). The list
// takes `page` only: any limit is ignored (15 per page), in offer order (sort_order, then id).
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { MAX_ID } from '../../http/schemas.js';
import { listParams } from '../../http/list/index.js';
import { resourceRoutes } from '../crud/index.js';
import { OfferItem, OfferItemCreate, OfferItemUpdate } from './offer-items.schemas.js';
import { deleteOfferItem, findOfferItem, listOfferItems, offerItemListSpec } from './offer-items.repository.js';
import { changeOfferItem, createOfferItem, presentOfferItems } from './offer-items.service.js';
import { requireOffer } from './offers.service.js';
import { offerItemDerivations } from './offers.records.js';

const Id = () => Type.Integer({ minimum: 1, maximum: MAX_ID });

export default async function offerItemRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Offer item',
    plural: 'items of an offer',
    tags: ['Offer items'],
    path: '/offers/:id/items',
    records: {
      table: 'offer_items',
      key: ['offer_id', 'id'],
      derivations: offerItemDerivations,
    },
    parentParams: { id: Id() },
    key: { name: 'item_id', schema: Id() },
    parent: (s, params) => requireOffer(s.db, Number(params.id)),
    resource: OfferItem,
    repository: {
      list: (s, _q, offer) => listOfferItems(s.db, Number(offer.id)),
      find: (s, id, offer) => findOfferItem(s.db, Number(offer.id), id),
      show: async (s, row, offer) => (await presentOfferItems(s.db, Number(offer.id), [row]))[0],
      showMany: (s, rows, offer) => presentOfferItems(s.db, Number(offer.id), rows),
      insert: (s, body, offer) => createOfferItem(s.db, Number(offer.id), body),
      update: (s, row, body) => changeOfferItem(s.db, row, body),
      remove: (s, row) => deleteOfferItem(s.db, Number(row.id)).then(() => undefined),
    },
    list: {
      query: Type.Object(
        { page: listParams.page },
        { additionalProperties: true, description: 'page only; limit and sorting are ignored.' },
      ),
      spec: offerItemListSpec,
    },
    create: { body: OfferItemCreate },
    update: { body: OfferItemUpdate },
    summaries: { list: 'List the items of an offer (page only; 15 per page)' },
  });
}
