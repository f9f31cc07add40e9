// GET/POST /offers/{id}/items, GET/PATCH/PUT/DELETE /offers/{id}/items/{item_id} (contract "Offer item"). The list
// takes `page` only: any limit is ignored (15 per page), in offer order (sort_order, then id).
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { MAX_ID } from '../../http/schemas.js';
import { listParams } from '../../http/list/index.js';
import { resourceRoutes } from '../crud/index.js';
import { OfferItem, OfferItemCreate, OfferItemUpdate } from './offer-items.schemas.js';
import { offerItemListSpec } from './offer-items.repository.js';
import { offerItems } from './offer-items.service.js';
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
    repository: offerItems,
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
