// Categories attached to other records (customers, contacts, employees, projects, tickets, ...), one mechanism
// for all: batch loading (no N+1), replacing a record's set, and 422 on unknown names.
import { prepared } from '../../db/prepared.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import { fieldError } from '../../values/errors.js';
import { countPerOwner } from '../../db/lookup.js';
import type { CategoryT } from './categories.schemas.js';
import { toCategory } from './categories.repository.js';

/** Entity kinds that carry categories; the id is the record's surrogate id. */
export type CategoryEntity = 'customer' | 'contact' | 'employee' | 'project' | 'task' | 'ticket' | 'subtask' | 'device';

/** Categories of many records at once: Map<entityId, Category[]> (sorted by name). */
const categoryRows = prepared((db, p: { entity: CategoryEntity; ids: number[] }) =>
  db
    .selectFrom('category_links as l')
    .innerJoin('categories as c', (j) => j.onRef('c.tenant_id', '=', 'l.tenant_id').onRef('c.id', '=', 'l.category_id'))
    .select([
      'l.entity_id',
      'c.name',
      'c.description',
      'c.type',
      'c.created',
      'c.modified',
      'c.created_by',
      'c.modified_by',
    ])
    .where('l.entity_type', '=', p.entity)
    .where('l.entity_id', 'in', p.ids)
    .orderBy('c.name'),
);

export async function loadCategories(
  db: TenantDb,
  entity: CategoryEntity,
  ids: readonly number[],
): Promise<Map<number, CategoryT[]>> {
  const out = new Map<number, CategoryT[]>();
  for (const id of ids) out.set(Number(id), []);
  if (ids.length === 0) return out;
  const rows = await categoryRows(db, { entity, ids: ids.map(Number) });
  for (const r of rows) out.get(Number(r.entity_id))?.push(toCategory(r, db.language));
  return out;
}

/** Number of categories per record. */
export const countCategories = (db: TenantDb, entity: CategoryEntity, ids: readonly number[]) =>
  countPerOwner(db, 'category_links', 'entity_id', ids, { where: { entity_type: entity } });

/** Resolve category names to ids; unknown names answer 422 on `field`. */
export async function resolveCategoryIds(
  db: TenantDb,
  names: readonly string[],
  field = 'categories',
): Promise<number[]> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return [];
  const rows = await db.selectFrom('categories').select(['id', 'name']).where('name', 'in', unique).execute();
  const missing = unique.filter((n) => !rows.some((r) => r.name === n));
  if (missing.length > 0)
    throw fieldError(
      field,
      `The selected ${field} ${missing.map((m) => `"${m}"`).join(', ')} ${missing.length > 1 ? 'are' : 'is'} invalid.`,
    );
  return rows.map((r) => Number(r.id));
}

/** Replace a record's categories (call inside the record's write transaction, after resolveCategoryIds). */
export async function setCategories(
  db: TenantDb,
  entity: CategoryEntity,
  entityId: number,
  categoryIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('category_links').where('entity_type', '=', entity).where('entity_id', '=', entityId).execute();
  if (categoryIds.length === 0) return;
  await db
    .insertInto(
      'category_links',
      categoryIds.map((category_id) => ({ entity_type: entity, entity_id: entityId, category_id })),
    )
    .execute();
}

/** Remove every link of a deleted record. */
export const clearCategories = (db: TenantDb, entity: CategoryEntity, entityId: number) =>
  setCategories(db, entity, entityId, []);
