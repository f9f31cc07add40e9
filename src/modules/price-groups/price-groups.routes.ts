// GET /price-groups[/{id}], POST, PATCH/PUT, DELETE. Names are unique in the tenant; a group in use (employees,
// prices) cannot be deleted.
import type { ZkApp } from '../../types.js';
import { deleteRow, refuseWhileUsed, resourceRoutes } from '../crud/index.js';
import { PriceGroup, PriceGroupCreate, PriceGroupUpdate } from './price-groups.schemas.js';
import { priceGroupListSpec } from './price-groups.repository.js';
import { priceGroups } from './price-groups.service.js';

export default async function priceGroupRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Price group',
    plural: 'price groups',
    tags: ['Price groups'],
    path: '/price-groups',
    records: { table: 'price_groups' },
    resource: PriceGroup,
    repository: priceGroups,
    list: { spec: priceGroupListSpec },
    create: { body: PriceGroupCreate },
    update: { body: PriceGroupUpdate },
    remove: async (s, row) => {
      await refuseWhileUsed(s.db, 'price_groups', row);
      await deleteRow(s.db, 'price_groups', Number(row.id));
    },
  });
}
