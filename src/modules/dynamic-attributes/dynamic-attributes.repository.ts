// SQL for dynamic attribute definitions; every query is scoped by tenant. JSON columns (description, options,
// default_value, validation_rules) are stored as text.
import { rowMapper } from '../../db/row-mapping.js';
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Scope } from '../../tenancy/scope.js';
import type { DynamicAttributesTable } from './dynamic-attributes.tables.js';
import type { ListSpec } from '../../db/list-spec.js';
import { fromJson, nowTimestamp } from '../../values/formats.js';
import { translations } from '../categories/categories.repository.js';
import {
  DynamicAttributeDefinition,
  type DynamicAttributeDefinitionT,
  type DynamicAttributeUpdateT,
} from './dynamic-attributes.schemas.js';

export type DynamicAttributeRow = Selectable<DynamicAttributesTable>;

export const dynamicAttributeListSpec: ListSpec = {
  key: ['id'],
  sortable: {
    id: 'id',
    name: 'name',
    type: 'type',
    created: { column: 'created', nullable: true },
    modified: { column: 'modified', nullable: true },
  },
};

const JSON_COLUMNS = ['description', 'options', 'default_value', 'validation_rules'];

/** Request fields -> columns (only the submitted ones; JSON columns as text). */
function columns(body: DynamicAttributeUpdateT) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined) continue;
    out[k] = JSON_COLUMNS.includes(k) && v !== null ? JSON.stringify(v) : v;
  }
  return out;
}

export function listDynamicAttributes(db: TenantDb, filters: { entity_type?: string }) {
  let q = db.selectFrom('dynamic_attributes').selectAll();
  if (filters.entity_type !== undefined) q = q.where('entity_type', '=', filters.entity_type);
  return q;
}

export const findDynamicAttribute = (db: TenantDb, id: number) =>
  db.selectFrom('dynamic_attributes').selectAll().where('id', '=', id).executeTakeFirst();

export function insertDynamicAttribute(db: TenantDb, body: DynamicAttributeUpdateT & { name: string; type: string }) {
  const now = nowTimestamp();
  return db
    .insertInto('dynamic_attributes', {
      required: false,
      ...columns(body),
      name: body.name,
      type: body.type,
      created: now,
      modified: now,
    } as any)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const updateDynamicAttribute = (db: TenantDb, id: number, body: DynamicAttributeUpdateT) =>
  db
    .updateTable('dynamic_attributes')
    .set({ ...columns(body), modified: nowTimestamp() } as any)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Deletes the definition; its values go with it (foreign key). */
export async function deleteDynamicAttribute(db: TenantDb, id: number): Promise<void> {
  await db.deleteFrom('dynamic_attributes').where('id', '=', id).execute();
}

const json = (v: string | null) => fromJson<unknown>(v, null);
export const toDefinition: (row: DynamicAttributeRow) => DynamicAttributeDefinitionT = rowMapper(
  DynamicAttributeDefinition,
  {
    convert: {
      description: (v) => {
        const description = fromJson<any>(v, null);
        return description ? translations(description) : null;
      },
      options: json,
      default_value: json,
      validation_rules: json,
    },
  },
);

/** The dynamic attribute definitions as the CRUD kit (modules/crud) lists, reads and writes them. */
export const dynamicAttributes = {
  list: ({ db }: Scope, query: { entity_type?: string }) => listDynamicAttributes(db, query),
  find: ({ db }: Scope, id: number) => findDynamicAttribute(db, id),
  show: (_s: Scope, row: DynamicAttributeRow) => toDefinition(row),
  insert: ({ db }: Scope, body: DynamicAttributeUpdateT & { name: string; type: string }) =>
    insertDynamicAttribute(db, body),
  update: ({ db }: Scope, row: DynamicAttributeRow, changes: DynamicAttributeUpdateT) =>
    updateDynamicAttribute(db, Number(row.id), changes),
  remove: ({ db }: Scope, row: DynamicAttributeRow) => deleteDynamicAttribute(db, Number(row.id)),
};
