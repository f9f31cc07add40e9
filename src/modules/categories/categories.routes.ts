// GET /categories, GET /categories/{name} (contract: the name is the key); POST, PATCH/PUT, DELETE (additive).
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { Paginated, Single, StringKey, responses } from '../../http/schemas.js';
import { listResponse } from '../../http/list/index.js';
import { fieldError, notFound } from '../../http/errors.js';
import { existsInTenant } from '../../db/lookup.js';
import { Category, CategoryCreate, CategoryListQuery, CategoryUpdate } from './categories.schemas.js';
import { categoryListSpec, deleteCategory, findCategory, insertCategory, listCategories, toCategory, updateCategory } from './categories.repository.js';

const tags = ['Categories'];
const Params = StringKey('name');

export default async function categoryRoutes(app: ZkApp) {
  const { db } = app.zk;

  app.get(
    '/categories',
    { schema: { summary: 'List categories', tags, querystring: CategoryListQuery, response: responses({ 200: Paginated(Category) }) } },
    async (req) => listResponse(req, listCategories(db, req.tenant.id, req.query), categoryListSpec, (rows) => rows.map(toCategory)),
  );

  app.get(
    '/categories/:name',
    { schema: { summary: 'Get a category by name', tags, params: Params, response: responses({ 200: Single(Category) }) } },
    async (req) => {
      const row = await findCategory(db, req.tenant.id, req.params.name);
      if (!row) throw notFound('Category');
      return { data: toCategory(row) };
    },
  );

  app.post(
    '/categories',
    { schema: { summary: 'Create a category', tags, body: CategoryCreate, response: responses({ 201: Single(Category) }, { write: true }) } },
    async (req, reply) => {
      if (await existsInTenant(db, 'categories', req.tenant.id, 'name', req.body.name)) throw fieldError('name', 'The name has already been taken.');
      return reply.code(201).send({ data: toCategory(await insertCategory(db, req.tenant.id, req.body)) });
    },
  );

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/categories/:name',
    schema: { summary: 'Update a category (only submitted fields change)', tags, params: Params, body: CategoryUpdate, response: responses({ 200: Single(Category) }, { write: true }) },
    handler: async (req) => {
      const current = await findCategory(db, req.tenant.id, req.params.name);
      if (!current) throw notFound('Category');
      if (req.body.name !== undefined && (await existsInTenant(db, 'categories', req.tenant.id, 'name', req.body.name, current.id))) {
        throw fieldError('name', 'The name has already been taken.');
      }
      return { data: toCategory(await updateCategory(db, req.tenant.id, current.id, req.body)) };
    },
  });

  app.delete(
    '/categories/:name',
    { schema: { summary: 'Delete a category (and its assignments)', tags, params: Params, response: responses({ 204: Type.Null() }, { write: true }) } },
    async (req, reply) => {
      const current = await findCategory(db, req.tenant.id, req.params.name);
      if (!current) throw notFound('Category');
      await deleteCategory(db, req.tenant.id, current.id);
      return reply.code(204).send();
    },
  );
}
