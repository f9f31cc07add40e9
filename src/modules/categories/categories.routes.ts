// GET /categories, GET /categories/{name} (contract: the name is the key); POST, PATCH/PUT, DELETE (additive).
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { resourceRoutes } from '../crud/index.js';
import { Category, CategoryCreate, CategoryListQuery, CategoryUpdate, type CategoryT } from './categories.schemas.js';
import {
  categoryListSpec,
  deleteCategory,
  findCategory,
  insertCategory,
  listCategories,
  toCategory,
  updateCategory,
  type CategoryRow,
} from './categories.repository.js';

export default async function categoryRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Category',
    plural: 'categories',
    tags: ['Categories'],
    path: '/categories',
    records: { table: 'categories', key: ['name'] },
    key: { name: 'name', schema: Type.String({ minLength: 1, maxLength: 255 }) },
    unique: { table: 'categories', field: 'name' },
    resource: Category,
    repository: {
      list: (s, q) => listCategories(s.db, q),
      find: (s, name) => findCategory(s.db, name),
      show: (s, row) => toCategory(row, s.db.language),
      insert: (s, body) => insertCategory(s.db, body),
      update: (s, row, body) => updateCategory(s.db, row.id, body),
      remove: (s, row) => deleteCategory(s.db, row.id).then(() => undefined),
    },
    list: { query: CategoryListQuery, spec: categoryListSpec },
    create: { body: CategoryCreate },
    update: { body: CategoryUpdate },
    summaries: {
      get: 'Get a category by name',
      update: 'Update a category (only submitted fields change)',
      remove: 'Delete a category (and its assignments)',
    },
  });
}
