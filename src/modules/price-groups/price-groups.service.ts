// Writing price groups: the name is unique in the tenant; the description is stored as its translations.
import { assertUnique, findRow, insertRow, pick, updateRow } from '../crud/index.js';
import type { Scope } from '../../tenancy/scope.js';
import { translations } from '../categories/categories.repository.js';
import type { PriceGroupWriteT } from './price-groups.schemas.js';
import { listPriceGroups, toPriceGroup, type PriceGroupRow } from './price-groups.repository.js';

async function write(s: Scope, body: PriceGroupWriteT, current?: PriceGroupRow) {
  await assertUnique(s.db, 'price_groups', 'name', body.name, { exceptId: current ? Number(current.id) : undefined });
  const values: Record<string, unknown> = pick(body, ['name', 'number', 'status']);
  if (body.description !== undefined) values.description = JSON.stringify(translations(body.description));
  return current
    ? updateRow(s.db, 'price_groups', Number(current.id), values)
    : insertRow(s.db, 'price_groups', { status: true, ...values });
}

/** The price groups as the CRUD kit (modules/crud) lists, reads and writes them. */
export const priceGroups = {
  list: ({ db }: Scope) => listPriceGroups(db),
  find: ({ db }: Scope, id: number) => findRow(db, 'price_groups', 'id', id),
  show: (_s: Scope, row: PriceGroupRow) => toPriceGroup(row),
  insert: (s: Scope, body: PriceGroupWriteT) => write(s, body),
  update: (s: Scope, row: PriceGroupRow, changes: PriceGroupWriteT) => write(s, changes, row),
};
