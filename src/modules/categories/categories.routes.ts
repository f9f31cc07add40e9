// GET /categories, GET /categories/{name} (contract: the name is the key); POST, PATCH/PUT, DELETE (additive).
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { resourceRoutes } from '../crud/index.js';
import { Category, CategoryCreate, CategoryListQuery, CategoryUpdate } from './categories.schemas.js';
import { categories, categoryListSpec } from './categories.repository.js';

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
    repository: categories,
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
