// Dynamic attribute values of records, one mechanism for customers, projects, employees, contacts, ...:
// batch loading (no N+1), parsing the request forms, validation by type (422 on `dynamicAttributes`).
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { ErrorBag } from '../../http/errors.js';
import { countPerOwner } from '../../db/lookup.js';
import { fromJson, isValidDate } from '../../http/formats.js';
import type { TranslationsT } from '../../http/schemas.js';
import { translations } from '../categories/categories.repository.js';
import type { DynamicAttributeValueT } from './dynamic-attributes.schemas.js';

export type AttributeEntity = 'customer' | 'contact' | 'employee' | 'project' | 'task' | 'ticket';
const FIELD = 'dynamicAttributes';

/** Values of many records at once: Map<entityId, DynamicAttributeValue[]> (sorted by name). */
export async function loadDynamicAttributes(db: Kysely<DB>, tenantId: number, entity: AttributeEntity, ids: readonly number[]): Promise<Map<number, DynamicAttributeValueT[]>> {
  const out = new Map<number, DynamicAttributeValueT[]>();
  for (const id of ids) out.set(Number(id), []);
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('dynamic_attribute_values as v')
    .innerJoin('dynamic_attributes as a', (j) => j.onRef('a.tenant_id', '=', 'v.tenant_id').onRef('a.id', '=', 'v.attribute_id'))
    .select(['v.entity_id', 'v.value', 'a.name', 'a.type', 'a.description'])
    .where('v.tenant_id', '=', tenantId)
    .where('v.entity_type', '=', entity)
    .where('v.entity_id', 'in', ids.map(Number))
    .orderBy('a.name')
    .execute();
  for (const r of rows) {
    const description = fromJson<TranslationsT | null>(r.description, null);
    out.get(Number(r.entity_id))?.push({ name: r.name, value: fromJson(r.value, null), description: description ? translations(description) : null, type: r.type });
  }
  return out;
}

export const countDynamicAttributes = (db: Kysely<DB>, tenantId: number, entity: AttributeEntity, ids: readonly number[]) =>
  countPerOwner(db, 'dynamic_attribute_values', tenantId, 'entity_id', ids, { where: { entity_type: entity } });

/** Normalise the accepted request forms into name -> value pairs. */
function pairs(input: unknown[], errors: ErrorBag): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const item of input) {
    if (Array.isArray(item)) {
      if (item.length === 2 && typeof item[0] === 'string') out.push([item[0], item[1]]);
      else errors.add(FIELD, 'Each dynamic attribute must be {name, value}, {"<name>": value} or ["<name>", value].');
    } else if (item && typeof item === 'object') {
      const o = item as Record<string, unknown>;
      if (typeof o.name === 'string' && 'value' in o) out.push([o.name, o.value]);
      else for (const [k, v] of Object.entries(o)) out.push([k, v]);
    }
  }
  return out;
}

function checkValue(type: string, value: unknown, options: string[] | null): string | null {
  if (value === null) return null;
  switch (type) {
    case 'Integer':
      return Number.isInteger(value) ? null : 'must be an integer';
    case 'Float':
    case 'Betrag':
    case 'Prozent':
      return typeof value === 'number' ? null : 'must be a number';
    case 'Boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'Datum':
      return typeof value === 'string' && isValidDate(value) ? null : 'must be a date YYYY-MM-DD';
    case 'E-Mail':
      return typeof value === 'string' && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value) ? null : 'must be an email address';
    case 'Optionen':
      return options && typeof value === 'string' && !options.includes(value) ? `must be one of ${options.join(', ')}` : null;
    default:
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || Array.isArray(value) ? null : 'has an invalid value';
  }
}

export interface ResolvedAttributes {
  values: { attribute_id: number; value: string }[];
}

/** Validate names (unknown -> 422 on dynamicAttributes) and values; returns what setDynamicAttributes writes. */
export async function resolveDynamicAttributes(db: Kysely<DB>, tenantId: number, entity: AttributeEntity, input: unknown[]): Promise<ResolvedAttributes> {
  const errors = new ErrorBag();
  const given = pairs(input, errors);
  const names = [...new Set(given.map(([n]) => n))];
  const defs = names.length
    ? await db.selectFrom('dynamic_attributes').select(['id', 'name', 'type', 'options', 'entity_type']).where('tenant_id', '=', tenantId).where('name', 'in', names).execute()
    : [];
  const values: ResolvedAttributes['values'] = [];
  for (const [name, value] of given) {
    const def = defs.find((d) => d.name === name);
    if (!def || (def.entity_type !== null && def.entity_type !== entity)) {
      errors.add(FIELD, `The dynamic attribute "${name}" does not exist.`);
      continue;
    }
    const problem = checkValue(def.type, value, fromJson<string[] | null>(def.options, null));
    if (problem) errors.add(FIELD, `The dynamic attribute "${name}" ${problem}.`);
    else values.push({ attribute_id: Number(def.id), value: JSON.stringify(value) });
  }
  errors.throwIfAny();
  return { values };
}

/** Replace the submitted attributes' values of one record (others keep theirs); call inside its transaction. */
export async function setDynamicAttributes(db: Kysely<DB>, tenantId: number, entity: AttributeEntity, entityId: number, resolved: ResolvedAttributes): Promise<void> {
  for (const v of resolved.values) {
    await db
      .deleteFrom('dynamic_attribute_values')
      .where('tenant_id', '=', tenantId)
      .where('entity_type', '=', entity)
      .where('entity_id', '=', entityId)
      .where('attribute_id', '=', v.attribute_id)
      .execute();
    await db.insertInto('dynamic_attribute_values').values({ tenant_id: tenantId, entity_type: entity, entity_id: entityId, ...v }).execute();
  }
}

/** Remove every value of a deleted record. */
export async function clearDynamicAttributes(db: Kysely<DB>, tenantId: number, entity: AttributeEntity, entityId: number): Promise<void> {
  await db.deleteFrom('dynamic_attribute_values').where('tenant_id', '=', tenantId).where('entity_type', '=', entity).where('entity_id', '=', entityId).execute();
}
