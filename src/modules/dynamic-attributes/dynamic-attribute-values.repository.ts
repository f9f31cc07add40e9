// SQL for the dynamic attribute values records carry (customers, projects, employees, contacts, ...): batch
// loading (no N+1), counting, the definitions a request names, replacing and clearing a record's values.
import { prepared } from '../../db/prepared.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import { countPerOwner } from '../../db/lookup.js';
import { fromJson } from '../../values/formats.js';
import type { TranslationsT } from '../../values/labels.js';
import { translations } from '../categories/categories.repository.js';
import { DynamicAttributeValue, type DynamicAttributeValueT } from './dynamic-attributes.schemas.js';
import { rowMapper } from '../../db/row-mapping.js';

export type AttributeEntity = 'customer' | 'contact' | 'employee' | 'project' | 'task' | 'ticket';

/** What setDynamicAttributes writes: checked values by attribute id. */
export interface ResolvedAttributes {
  values: { attribute_id: number; value: string }[];
}

/** Values of many records at once: Map<entityId, DynamicAttributeValue[]> (sorted by name). */
const attributeRows = prepared((db, p: { entity: AttributeEntity; ids: number[] }) =>
  db
    .selectFrom('dynamic_attribute_values as v')
    .innerJoin('dynamic_attributes as a', (j) =>
      j.onRef('a.tenant_id', '=', 'v.tenant_id').onRef('a.id', '=', 'v.attribute_id'),
    )
    .select(['v.entity_id', 'v.value', 'a.name', 'a.type', 'a.description'])
    .where('v.entity_type', '=', p.entity)
    .where('v.entity_id', 'in', p.ids)
    .orderBy('a.name'),
);

const toValue = rowMapper(DynamicAttributeValue, {
  convert: {
    value: (v) => fromJson(v, null),
    description: (v) => {
      const description = fromJson<TranslationsT | null>(v, null);
      return description ? translations(description) : null;
    },
  },
});

export async function loadDynamicAttributes(
  db: TenantDb,
  entity: AttributeEntity,
  ids: readonly number[],
): Promise<Map<number, DynamicAttributeValueT[]>> {
  const out = new Map<number, DynamicAttributeValueT[]>();
  for (const id of ids) out.set(Number(id), []);
  if (ids.length === 0) return out;
  const rows = await attributeRows(db, { entity, ids: ids.map(Number) });
  for (const r of rows) {
    out.get(Number(r.entity_id))?.push(toValue(r));
  }
  return out;
}

export const countDynamicAttributes = (db: TenantDb, entity: AttributeEntity, ids: readonly number[]) =>
  countPerOwner(db, 'dynamic_attribute_values', 'entity_id', ids, { where: { entity_type: entity } });

/** The definitions of these attribute names (for validating a request). */
export const attributeDefinitions = (db: TenantDb, names: readonly string[]) =>
  names.length
    ? db
        .selectFrom('dynamic_attributes')
        .select(['id', 'name', 'type', 'options', 'entity_type'])
        .where('name', 'in', [...names])
        .execute()
    : Promise.resolve([]);

/** Replace the submitted attributes' values of one record (others keep theirs); call inside its transaction. */
export async function setDynamicAttributes(
  db: TenantDb,
  entity: AttributeEntity,
  entityId: number,
  resolved: ResolvedAttributes,
): Promise<void> {
  for (const v of resolved.values) {
    await db
      .deleteFrom('dynamic_attribute_values')
      .where('entity_type', '=', entity)
      .where('entity_id', '=', entityId)
      .where('attribute_id', '=', v.attribute_id)
      .execute();
    await db.insertInto('dynamic_attribute_values', { entity_type: entity, entity_id: entityId, ...v }).execute();
  }
}

/** Remove every value of a deleted record. */
export async function clearDynamicAttributes(db: TenantDb, entity: AttributeEntity, entityId: number): Promise<void> {
  await db
    .deleteFrom('dynamic_attribute_values')
    .where('entity_type', '=', entity)
    .where('entity_id', '=', entityId)
    .execute();
}
