// SQL for price groups; every query is scoped by tenant. Renames reach employees and prices through ON UPDATE
// CASCADE; a group still in use cannot be deleted.
import { rowMapper } from '../../db/row-mapping.js';
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { ListSpec } from '../../db/list-spec.js';
import { fromJson, toBool } from '../../values/formats.js';
import type { TranslationsT } from '../../values/labels.js';
import { translations } from '../categories/categories.repository.js';
import type { PriceGroupsTable } from './price-groups.tables.js';
import { PriceGroup, type PriceGroupT } from './price-groups.schemas.js';

export type PriceGroupRow = Selectable<PriceGroupsTable>;

export const priceGroupListSpec: ListSpec = {
  key: ['id'],
  sortable: {
    id: 'id',
    name: 'name',
    number: { column: 'number', nullable: true },
    status: 'status',
    created: { column: 'created', nullable: true },
    modified: { column: 'modified', nullable: true },
  },
};

export const listPriceGroups = (db: TenantDb) => db.selectFrom('price_groups').selectAll();

export const toPriceGroup: (r: PriceGroupRow) => PriceGroupT = rowMapper(PriceGroup, {
  convert: {
    status: (v) => toBool(v) ?? true,
    description: (v) => translations(fromJson<TranslationsT | null>(v, null)),
  },
});
