// GET /dynamic-attributes, GET /dynamic-attributes/{id} (contract "dynamic attribute definitions"), plus
// POST, PATCH/PUT, DELETE so tenants can define the attributes their records carry (additive in v1).
import { Type } from '@sinclair/typebox';
import type { Kysely, Selectable } from 'kysely';
import type { ZkApp } from '../../types.js';
import type { DB } from '../../db/schema.js';
import type { DynamicAttributesTable } from './dynamic-attributes.tables.js';
import { IntKey, Paginated, Single, responses } from '../../http/schemas.js';
import { listResponse, type ListSpec } from '../../http/list/index.js';
import { fieldError, notFound } from '../../http/errors.js';
import { fromJson, nowTimestamp, outTimestamp, toBool } from '../../http/formats.js';
import { existsInTenant } from '../../db/lookup.js';
import { translations } from '../categories/categories.repository.js';
import {
  DynamicAttributeCreate,
  DynamicAttributeDefinition,
  DynamicAttributeListQuery,
  DynamicAttributeUpdate,
  type DynamicAttributeDefinitionT,
  type DynamicAttributeUpdateT,
} from './dynamic-attributes.schemas.js';

const tags = ['Dynamic attributes'];
const Params = IntKey('id');
const spec: ListSpec = { key: ['id'], sortable: { id: 'id', name: 'name', type: 'type', created: { column: 'created', nullable: true }, modified: { column: 'modified', nullable: true } } };

function toDefinition(row: Selectable<DynamicAttributesTable>): DynamicAttributeDefinitionT {
  const description = fromJson<any>(row.description, null);
  return {
    id: Number(row.id),
    name: row.name,
    type: row.type,
    entity_type: row.entity_type,
    required: toBool(row.required) ?? false,
    description: description ? translations(description) : null,
    options: fromJson(row.options, null),
    default_value: fromJson(row.default_value, null),
    validation_rules: fromJson(row.validation_rules, null),
    created: outTimestamp(row.created),
    modified: outTimestamp(row.modified),
  };
}

function columns(body: DynamicAttributeUpdateT) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined) continue;
    out[k] = ['description', 'options', 'default_value', 'validation_rules'].includes(k) ? (v === null ? null : JSON.stringify(v)) : v;
  }
  return out;
}

const find = (db: Kysely<DB>, tenantId: number, id: number) =>
  db.selectFrom('dynamic_attributes').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();

export default async function dynamicAttributeRoutes(app: ZkApp) {
  const { db } = app.zk;

  app.get(
    '/dynamic-attributes',
    { schema: { summary: 'List dynamic attribute definitions', tags, querystring: DynamicAttributeListQuery, response: responses({ 200: Paginated(DynamicAttributeDefinition) }) } },
    async (req) => {
      let q = db.selectFrom('dynamic_attributes').selectAll().where('tenant_id', '=', req.tenant.id);
      if (req.query.entity_type !== undefined) q = q.where('entity_type', '=', req.query.entity_type);
      return listResponse(req, q, spec, (rows) => rows.map(toDefinition));
    },
  );

  app.get(
    '/dynamic-attributes/:id',
    { schema: { summary: 'Get a dynamic attribute definition', tags, params: Params, response: responses({ 200: Single(DynamicAttributeDefinition) }) } },
    async (req) => {
      const row = await find(db, req.tenant.id, req.params.id);
      if (!row) throw notFound('Dynamic attribute');
      return { data: toDefinition(row) };
    },
  );

  app.post(
    '/dynamic-attributes',
    { schema: { summary: 'Define a dynamic attribute', tags, body: DynamicAttributeCreate, response: responses({ 201: Single(DynamicAttributeDefinition) }, { write: true }) } },
    async (req, reply) => {
      if (await existsInTenant(db, 'dynamic_attributes', req.tenant.id, 'name', req.body.name)) throw fieldError('name', 'The name has already been taken.');
      const now = nowTimestamp();
      const row = await db
        .insertInto('dynamic_attributes')
        .values({ required: false, ...columns(req.body), tenant_id: req.tenant.id, name: req.body.name, type: req.body.type, created: now, modified: now } as any)
        .returningAll()
        .executeTakeFirstOrThrow();
      return reply.code(201).send({ data: toDefinition(row) });
    },
  );

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/dynamic-attributes/:id',
    schema: { summary: 'Update a dynamic attribute definition', tags, params: Params, body: DynamicAttributeUpdate, response: responses({ 200: Single(DynamicAttributeDefinition) }, { write: true }) },
    handler: async (req) => {
      const current = await find(db, req.tenant.id, req.params.id);
      if (!current) throw notFound('Dynamic attribute');
      if (req.body.name !== undefined && (await existsInTenant(db, 'dynamic_attributes', req.tenant.id, 'name', req.body.name, Number(current.id)))) {
        throw fieldError('name', 'The name has already been taken.');
      }
      const row = await db
        .updateTable('dynamic_attributes')
        .set({ ...columns(req.body), modified: nowTimestamp() } as any)
        .where('tenant_id', '=', req.tenant.id)
        .where('id', '=', Number(current.id))
        .returningAll()
        .executeTakeFirstOrThrow();
      return { data: toDefinition(row) };
    },
  });

  app.delete(
    '/dynamic-attributes/:id',
    { schema: { summary: 'Delete a dynamic attribute definition and its values', tags, params: Params, response: responses({ 204: Type.Null() }, { write: true }) } },
    async (req, reply) => {
      const current = await find(db, req.tenant.id, req.params.id);
      if (!current) throw notFound('Dynamic attribute');
      await db.deleteFrom('dynamic_attributes').where('tenant_id', '=', req.tenant.id).where('id', '=', Number(current.id)).execute();
      return reply.code(204).send();
    },
  );
}
