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
  resourceRoutes<undefined, CategoryRow, CategoryT>(app, {
    name: 'Category',
    plural: 'categories',
    tags: ['Categories'],
    path: '/categories',
    records: { table: 'categories', key: ['name'] },
    key: { name: 'name', schema: Type.String({ minLength: 1, maxLength: 255 }) },
    unique: { table: 'categories', field: 'name' },
    resource: Category,
    list: { query: CategoryListQuery, build: (s, _p, q) => listCategories(s.db, q), spec: categoryListSpec },
    find: (s, _p, name) => findCategory(s.db, name),
    show: (s, _p, row) => toCategory(row, s.db.language),
    create: { body: CategoryCreate, run: (s, _p, body) => insertCategory(s.db, body) },
    update: { body: CategoryUpdate, run: (s, _p, row, body) => updateCategory(s.db, row.id, body) },
    remove: (s, _p, row) => deleteCategory(s.db, row.id).then(() => undefined),
    summaries: {
      get: 'Get a category by name',
      update: 'Update a category (only submitted fields change)',
      remove: 'Delete a category (and its assignments)',
    },
  });
}
