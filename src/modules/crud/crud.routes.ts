// One way to expose a CRUD resource (list, detail, create, PATCH/PUT, DELETE), optionally below a parent
// such as /employees/{username}. A module declares its schemas and repository functions; this file owns the
// HTTP side, so every people/organisation resource answers 404/422/201/204 alike.
import { Type, type TProperties, type TSchema } from '@sinclair/typebox';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { ZkApp } from '../../types.js';
import type { DB } from '../../db/schema.js';
import type { Dialect } from '../../db/dialect.js';
import type { Tenant } from '../../tenancy/tenants.js';
import { listQuery, listResponse, orderTerms, type ListSpec } from '../../http/list/index.js';
import { notFound } from '../../http/errors.js';
import { DataArray, MAX_ID, Paginated, responses, Single } from '../../http/schemas.js';

/** What every repository call needs: the database and the request's tenant. */
export interface Scope {
  db: Kysely<DB>;
  dialect: Dialect;
  tenant: Tenant;
  tenantId: number;
}

export const scopeOf = (app: ZkApp, req: FastifyRequest): Scope => ({ db: app.zk.db, dialect: app.zk.dialect, tenant: req.tenant, tenantId: req.tenant.id });

export interface ResourceDef<P, Row, Out> {
  /** Singular name, e.g. 'Transponder' (404 message and summaries). */
  name: string;
  plural: string;
  tags: string[];
  /** Collection path, e.g. '/employees/:username/transponders'. */
  path: string;
  /** Schemas of the parent's path parameters (e.g. { username }). */
  parentParams?: TProperties;
  /** Record key parameter; default `id`, a positive integer. */
  key?: { name: string; schema: TSchema };
  /** Loads the parent (throws 404 when it is unknown in the tenant). */
  parent?: (s: Scope, params: Record<string, unknown>) => Promise<P>;
  /** Detail schema (and list item unless listItem is given). */
  resource: TSchema;
  listItem?: TSchema;
  list?: {
    query?: TSchema;
    build: (s: Scope, parent: P, query: any) => SelectQueryBuilder<any, any, Row>;
    spec: ListSpec;
    /** Batch mapper for a page (load relations once per page). Default: show() per row. */
    map?: (s: Scope, parent: P, rows: Row[]) => Promise<Out[]>;
    /** {data: [...]} without pagination (e.g. internal rates). */
    unpaginated?: boolean;
  };
  find: (s: Scope, parent: P, key: any) => Promise<Row | undefined>;
  show: (s: Scope, parent: P, row: Row) => Out | Promise<Out>;
  create?: { body: TSchema; run: (s: Scope, parent: P, body: any) => Promise<Row> };
  update?: { body: TSchema; run: (s: Scope, parent: P, row: Row, body: any) => Promise<Row> };
  remove?: (s: Scope, parent: P, row: Row) => Promise<void>;
  config?: FastifyContextConfig;
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

export function resourceRoutes<P, Row, Out>(app: ZkApp, def: ResourceDef<P, Row, Out>): void {
  const keyName = def.key?.name ?? 'id';
  const keySchema = def.key?.schema ?? Type.Integer({ minimum: 1, maximum: MAX_ID });
  const itemPath = `${def.path}/:${keyName}`;
  const collectionParams = def.parentParams ? Type.Object(def.parentParams) : undefined;
  const itemParams = Type.Object({ ...(def.parentParams ?? {}), [keyName]: keySchema });
  const one = def.name.toLowerCase();
  const a = `${article(one)} ${one}`;
  const tags = def.tags;
  const config = def.config ?? {};

  const parentOf = async (req: FastifyRequest) => {
    const s = scopeOf(app, req);
    const parent = def.parent ? await def.parent(s, req.params as Record<string, unknown>) : (undefined as P);
    return { s, parent };
  };
  const load = async (req: FastifyRequest) => {
    const { s, parent } = await parentOf(req);
    const row = await def.find(s, parent, (req.params as Record<string, unknown>)[keyName]);
    if (!row) throw notFound(def.name);
    return { s, parent, row };
  };
  const single = async (s: Scope, parent: P, row: Row) => ({ data: await def.show(s, parent, row) });

  if (def.list) {
    const list = def.list;
    const item = def.listItem ?? def.resource;
    app.get(
      def.path,
      {
        config,
        schema: {
          summary: `List ${def.plural}`,
          tags,
          ...(collectionParams ? { params: collectionParams } : {}),
          querystring: list.query ?? listQuery(),
          response: responses({ 200: list.unpaginated ? DataArray(item) : Paginated(item) }),
        },
      },
      async (req) => {
        const { s, parent } = await parentOf(req);
        const map = (rows: Row[]) => (list.map ? list.map(s, parent, rows) : Promise.all(rows.map((r) => def.show(s, parent, r))));
        const qb = list.build(s, parent, req.query);
        if (!list.unpaginated) return listResponse(req, qb, list.spec, map);
        let ordered = qb;
        for (const term of orderTerms(list.spec, req.query as { orderBy?: string; order?: string })) ordered = ordered.orderBy(term);
        const rows = (await ordered.execute()) as Row[];
        return { data: await map(rows) };
      },
    );
  }

  app.get(
    itemPath,
    { config, schema: { summary: `Get ${a}`, tags, params: itemParams, response: responses({ 200: Single(def.resource) }) } },
    async (req) => {
      const { s, parent, row } = await load(req);
      return single(s, parent, row);
    },
  );

  if (def.create) {
    const create = def.create;
    app.post(
      def.path,
      {
        config,
        schema: {
          summary: `Create ${a}`,
          tags,
          ...(collectionParams ? { params: collectionParams } : {}),
          body: create.body,
          response: responses({ 201: Single(def.resource) }, { write: true }),
        },
      },
      async (req, reply) => {
        const { s, parent } = await parentOf(req);
        const row = await create.run(s, parent, req.body);
        return reply.code(201).send(await single(s, parent, row));
      },
    );
  }

  if (def.update) {
    const update = def.update;
    app.route({
      method: ['PATCH', 'PUT'],
      url: itemPath,
      config,
      schema: {
        summary: `Update ${a} (only submitted fields change; PUT is an alias)`,
        tags,
        params: itemParams,
        body: update.body,
        response: responses({ 200: Single(def.resource) }, { write: true }),
      },
      handler: async (req) => {
        const { s, parent, row } = await load(req);
        return single(s, parent, await update.run(s, parent, row, req.body));
      },
    });
  }

  if (def.remove) {
    const remove = def.remove;
    app.delete(
      itemPath,
      { config, schema: { summary: `Delete ${a}`, tags, params: itemParams, response: responses({ 204: Type.Null() }, { write: true }) } },
      async (req, reply) => {
        const { s, parent, row } = await load(req);
        await remove(s, parent, row);
        return reply.code(204).send();
      },
    );
  }
}
