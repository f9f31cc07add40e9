// SQL for categories; every query is scoped by tenant. Other resources attach categories by name.
import { rowMapper } from '../../db/row-mapping.js';
import { TRANSLATION_KEYS, type TranslationsT } from '../../values/labels.js';
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { CategoriesTable } from './categories.tables.js';
import type { ListSpec } from '../../db/list-spec.js';
import { fromJson, nowTimestamp } from '../../values/formats.js';
import { Category, type CategoryT, type CategoryUpdateT } from './categories.schemas.js';
import type { Scope } from '../../tenancy/scope.js';

export type CategoryRow = Selectable<CategoriesTable>;

export const categoryListSpec: ListSpec = {
  key: ['name'],
  sortable: {
    name: 'name',
    type: 'type',
    created: { column: 'created', nullable: true },
    modified: { column: 'modified', nullable: true },
  },
};

export function listCategories(db: TenantDb, filters: { type?: string }) {
  let q = db.selectFrom('categories').selectAll();
  if (filters.type !== undefined) q = q.where('type', '=', filters.type);
  return q;
}

export const findCategory = (db: TenantDb, name: string) =>
  db.selectFrom('categories').selectAll().where('name', '=', name).executeTakeFirst();

/** Full translation object: every contract language present, null where not given. */
export function translations(value: TranslationsT | null | undefined): TranslationsT {
  const out: Record<string, string | null> = {};
  for (const k of TRANSLATION_KEYS) {
    const v = value?.[k];
    if (v !== undefined || ['de', 'en', 'fr', 'es', 'pl'].includes(k)) out[k] = v ?? null;
  }
  return out as TranslationsT;
}

export async function insertCategory(db: TenantDb, body: CategoryUpdateT & { name: string; type: string }) {
  const now = nowTimestamp();
  return db
    .insertInto('categories', {
      name: body.name,
      type: body.type,
      description: JSON.stringify(translations(body.description)),
      created: now,
      modified: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateCategory(db: TenantDb, id: number, body: CategoryUpdateT) {
  const { description, ...rest } = body;
  return db
    .updateTable('categories')
    .set({
      ...rest,
      ...(description !== undefined ? { description: JSON.stringify(translations(description)) } : {}),
      modified: nowTimestamp(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const deleteCategory = (db: TenantDb, id: number) => db.deleteFrom('categories').where('id', '=', id).execute();

const mapCategory = rowMapper(Category, {
  convert: { description: (v) => translations(fromJson<TranslationsT | null>(v, null)) },
  labels: { type: 'category_type' },
});
export const toCategory = (
  row: Pick<CategoryRow, 'name' | 'description' | 'type' | 'created' | 'modified'>,
  language: string,
): CategoryT => mapCategory(row, { language });

/** The categories as the CRUD kit (modules/crud) lists, reads and writes them; the name is the key. */
export const categories = {
  list: ({ db }: Scope, query: { type?: string }) => listCategories(db, query),
  find: ({ db }: Scope, name: string) => findCategory(db, name),
  show: ({ db }: Scope, row: CategoryRow) => toCategory(row, db.language),
  insert: ({ db }: Scope, body: CategoryUpdateT & { name: string; type: string }) => insertCategory(db, body),
  update: ({ db }: Scope, row: CategoryRow, changes: CategoryUpdateT) => updateCategory(db, row.id, changes),
  remove: async ({ db }: Scope, row: CategoryRow) => {
    await deleteCategory(db, row.id);
  },
};
