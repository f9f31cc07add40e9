// GET /price-groups[/{id}], POST, PATCH/PUT, DELETE. Names are unique in the tenant; a group in use (employees,
// prices) cannot be deleted.
import type { ZkApp } from '../../types.js';
import {
  assertUnique,
  deleteRow,
  findRow,
  insertRow,
  pick,
  refuseWhileUsed,
  resourceRoutes,
  updateRow,
} from '../crud/index.js';
import { type Scope } from '../../tenancy/scope.js';
import { translations } from '../categories/categories.repository.js';
import { PriceGroup, PriceGroupCreate, PriceGroupUpdate, type PriceGroupWriteT } from './price-groups.schemas.js';
import { listPriceGroups, priceGroupListSpec, toPriceGroup, type PriceGroupRow } from './price-groups.repository.js';

async function write(s: Scope, body: PriceGroupWriteT, current?: PriceGroupRow) {
  await assertUnique(s.db, 'price_groups', 'name', body.name, { exceptId: current ? Number(current.id) : undefined });
  const values: Record<string, unknown> = pick(body, ['name', 'number', 'status']);
  if (body.description !== undefined) values.description = JSON.stringify(translations(body.description));
  return current
    ? updateRow(s.db, 'price_groups', Number(current.id), values)
    : insertRow(s.db, 'price_groups', { status: true, ...values });
}

export default async function priceGroupRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Price group',
    plural: 'price groups',
    tags: ['Price groups'],
    path: '/price-groups',
    records: { table: 'price_groups' },
    resource: PriceGroup,
    repository: {
      list: (s) => listPriceGroups(s.db),
      find: (s, id) => findRow(s.db, 'price_groups', 'id', id),
      show: (_s, row) => toPriceGroup(row),
      insert: (s, body) => write(s, body),
      update: (s, row, body) => write(s, body, row),
    },
    list: { spec: priceGroupListSpec },
    create: { body: PriceGroupCreate },
    update: { body: PriceGroupUpdate },
    remove: async (s, row) => {
      await refuseWhileUsed(s.db, 'price_groups', row);
      await deleteRow(s.db, 'price_groups', Number(row.id));
    },
  });
}
