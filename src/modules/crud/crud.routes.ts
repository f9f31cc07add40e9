// The one way to expose a CRUD resource (list, detail, create, PATCH/PUT, DELETE), optionally below a parent
// such as /employees/{username}. A module declares its schemas and repository functions; this file owns the
// HTTP side, so every resource answers 404/422/201/204 alike.
import { Type, type TProperties, type TSchema } from '@sinclair/typebox';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import type { ZkApp } from '../../types.js';
import type { TenantTable } from '../../db/tenant-scope.js';
import { checkUnique } from './rows.repository.js';
import type { Scope } from '../../tenancy/scope.js';
import { listQuery, listResponse, orderTerms, withWritableSorts } from '../../http/list/index.js';
import { type ListSpec } from '../../db/list-spec.js';
import { ApiError, ErrorBag, notFound } from '../../values/errors.js';
import { requestedChanges } from '../../http/round-trip.js';
import type { Derivation, KeyPart, RecordType, RowFilter } from '../../plugins/write-path/records.js';
import { DataArray, MAX_ID, Paginated, responses, Single } from '../../http/schemas.js';

export const scopeOf = (app: ZkApp, req: FastifyRequest): Scope => ({
  db: req.db,
  dialect: app.zk.dialect,
  tenant: req.tenant,
});

/** A list in SQL: filtered query, list conventions (paging, sort, modified filters) applied by http/list. */
export interface PagedList<P, Row, Out> {
  query?: TSchema;
  build: (s: Scope, parent: P, query: any) => SelectQueryBuilder<any, any, Row>;
  spec: ListSpec;
  /** Batch mapper for a page (load relations once per page). Default: show() per row. */
  map?: (s: Scope, parent: P, rows: Row[]) => Promise<Out[]>;
  /** {data: [...]} without pagination (e.g. internal rates), still sorted by the spec. */
  unpaginated?: boolean;
}

/** A list the repository loads whole, {data: [...]}, without query parameters (e.g. price tables). */
export interface LoadedList<P, Out> {
  load: (s: Scope, parent: P) => Promise<Out[]>;
}

export type Verb = 'list' | 'get' | 'create' | 'update' | 'remove';

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
  list?: PagedList<P, Row, Out> | LoadedList<P, Out>;
  /** false: no GET of a single record (the module serves its own). */
  detail?: false;
  find: (s: Scope, parent: P, key: any) => Promise<Row | undefined>;
  show: (s: Scope, parent: P, row: Row) => Out | Promise<Out>;
  /** `answer`: the 201 shows more than a read does (a webhook's secret, shown once), with this schema and mapping. */
  create?: {
    body: TSchema;
    run: (s: Scope, parent: P, body: any) => Promise<Row>;
    answer?: { schema: TSchema; show: (s: Scope, parent: P, row: Row) => unknown };
  };
  update?: { body: TSchema; run: (s: Scope, parent: P, row: Row, body: any) => Promise<Row> };
  remove?: (s: Scope, parent: P, row: Row) => Promise<void>;
  /** Fields unique in the tenant: create and update answer 422 "The <field> has already been taken." first (all at once). */
  unique?: { table: TenantTable; field: string } | { table: TenantTable; field: string }[];
  /** OpenAPI summaries where the generated ones ("Get a transponder") do not fit. */
  summaries?: Partial<Record<Verb, string>>;
  config?: FastifyContextConfig;
  /**
   * The records as the change feed sees them (plugins/write-path/records.ts): their table, how a row names its record
   * (default: its id; nested resources name their parent's key first), the tables their answers derive from. The
   * kit shows a record as its detail route does. Without it the resource takes no part in the feed.
   */
  records?: {
    table: TenantTable;
    key?: readonly KeyPart[];
    where?: RowFilter;
    derivations?: readonly Derivation[];
    internal?: readonly string[];
    feed?: false;
    load?: RecordType['load'];
    /** Many rows of one parent shown at once, exactly as `show` shows each (default: `show` per row). */
    showMany?: (s: Scope, parent: P, rows: Row[]) => Promise<Out[]>;
  };
}

/** A path value from its text (a record key part) as the route's schema types it. */
const typed = (schema: TSchema | undefined, text: string): unknown =>
  schema && ['integer', 'number'].includes((schema as { type?: string }).type ?? '') ? Number(text) : text;

/**
 * The records of a resource with these keys, as its detail route shows them: each parent loaded once, each row found
 * as the route finds it, and a parent's rows shown together when the resource says how (records.showMany: a
 * renamed absence reason changes all its absences — two queries for them, not two per absence).
 */
function kitLoader<P, Row, Out>(
  def: ResourceDef<P, Row, Out>,
  keyName: string,
  keySchema: TSchema,
): RecordType['load'] {
  const schemas: Record<string, TSchema> = { ...(def.parentParams ?? {}), [keyName]: keySchema };
  const names = Object.keys(schemas);
  const batch = def.records?.showMany;
  return async (s, keys) => {
    const out = new Map<string, unknown>();
    const groups = new Map<
      string,
      { params: Record<string, unknown>; found: { key: string; row: Row }[]; keys: (readonly string[])[] }
    >();
    for (const parts of keys) {
      if (parts.length !== names.length) continue;
      const parentKey = JSON.stringify(parts.slice(0, -1));
      const group =
        groups.get(parentKey) ??
        groups
          .set(parentKey, {
            params: Object.fromEntries(names.map((n, i) => [n, typed(schemas[n], parts[i])])),
            found: [],
            keys: [],
          })
          .get(parentKey)!;
      group.keys.push(parts);
    }
    for (const group of groups.values()) {
      let parent: P;
      try {
        parent = def.parent ? await def.parent(s, group.params) : (undefined as P);
      } catch (err) {
        if (!(err instanceof ApiError) || err.statusCode !== 404) throw err;
        continue;
      }
      for (const parts of group.keys) {
        const row = await def.find(s, parent, typed(schemas[keyName], parts.at(-1)!));
        if (row) group.found.push({ key: parts.join('/'), row });
      }
      const shown = batch
        ? await batch(
            s,
            parent,
            group.found.map((f) => f.row),
          )
        : await Promise.all(group.found.map((f) => def.show(s, parent, f.row)));
      group.found.forEach((f, i) => out.set(f.key, shown[i]));
    }
    return out;
  };
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

export function resourceRoutes<P, Row, Out>(app: ZkApp, def: ResourceDef<P, Row, Out>): void {
  const keyName = def.key?.name ?? 'id';
  const keySchema = def.key?.schema ?? Type.Integer({ minimum: 1, maximum: MAX_ID });
  const itemPath = `${def.path}/:${keyName}`;
  const collectionParams = def.parentParams ? { params: Type.Object(def.parentParams) } : {};
  const itemParams = Type.Object({ ...(def.parentParams ?? {}), [keyName]: keySchema });
  const one = def.name.toLowerCase();
  const a = `${article(one)} ${one}`;
  const summary = (verb: Verb, generated: string) => def.summaries?.[verb] ?? generated;
  const tags = def.tags;
  const config = def.config ?? {};
  if (def.records) {
    const { load, showMany: _showMany, ...declared } = def.records;
    const type = itemPath
      .split('/')
      .filter((p) => p && !p.startsWith(':'))
      .join('/');
    app.zk.records.add({ type, ...declared, load: load ?? kitLoader(def, keyName, keySchema) });
  }

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
  const uniques = def.unique === undefined ? [] : [def.unique].flat();
  const unique = async (s: Scope, body: any, row?: Row) => {
    const errors = new ErrorBag();
    const exceptId = row === undefined ? undefined : Number((row as { id: number }).id);
    for (const u of uniques) await checkUnique(s.db, errors, u.table, u.field, body[u.field], { exceptId });
    errors.throwIfAny();
  };

  if (def.list && 'load' in def.list) {
    const list = def.list;
    app.get(
      def.path,
      {
        config,
        schema: {
          summary: summary('list', `List ${def.plural}`),
          tags,
          ...collectionParams,
          response: responses({ 200: DataArray(def.listItem ?? def.resource) }),
        },
      },
      async (req) => {
        const { s, parent } = await parentOf(req);
        return { data: await list.load(s, parent) };
      },
    );
  } else if (def.list) {
    const list = def.list;
    const item = def.listItem ?? def.resource;
    app.get(
      def.path,
      {
        config,
        schema: {
          summary: summary('list', `List ${def.plural}`),
          tags,
          ...collectionParams,
          querystring: list.query ?? listQuery(),
          response: responses({ 200: list.unpaginated ? DataArray(item) : Paginated(item) }),
        },
      },
      async (req) => {
        const { s, parent } = await parentOf(req);
        const map = (rows: Row[]) =>
          list.map ? list.map(s, parent, rows) : Promise.all(rows.map((r) => def.show(s, parent, r)));
        const qb = list.build(s, parent, req.query);
        if (!list.unpaginated) return listResponse(req, qb, list.spec, map);
        let ordered = qb;
        for (const term of orderTerms(
          withWritableSorts(list.spec, req.routeOptions.url),
          req.query as { orderBy?: string; order?: string },
        ))
          ordered = ordered.orderBy(term);
        const rows = (await ordered.execute()) as Row[];
        return { data: await map(rows) };
      },
    );
  }

  if (def.detail !== false) {
    app.get(
      itemPath,
      {
        config,
        schema: {
          summary: summary('get', `Get ${a}`),
          tags,
          params: itemParams,
          response: responses({ 200: Single(def.resource) }),
        },
      },
      async (req) => {
        const { s, parent, row } = await load(req);
        return single(s, parent, row);
      },
    );
  }

  if (def.create) {
    const create = def.create;
    app.post(
      def.path,
      {
        config,
        schema: {
          summary: summary('create', `Create ${a}`),
          tags,
          ...collectionParams,
          body: create.body,
          response: responses({ 201: Single(create.answer?.schema ?? def.resource) }, { write: true }),
        },
      },
      async (req, reply) => {
        const { s, parent } = await parentOf(req);
        await unique(s, req.body);
        const row = await create.run(s, parent, req.body);
        return reply
          .code(201)
          .send(create.answer ? { data: await create.answer.show(s, parent, row) } : await single(s, parent, row));
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
        summary: summary('update', `Update ${a} (only submitted fields change; PUT is an alias)`),
        tags,
        params: itemParams,
        body: update.body,
        response: responses({ 200: Single(def.resource) }, { write: true }),
      },
      handler: async (req) => {
        const { s, parent, row } = await load(req);
        // Fields sent as the record reads them change nothing (http/round-trip.ts).
        const current = await def.show(s, parent, row);
        const changes = requestedChanges(req, current as object, update.body);
        if (!changes) return { data: current };
        await unique(s, changes, row);
        return single(s, parent, await update.run(s, parent, row, changes));
      },
    });
  }

  if (def.remove) {
    const remove = def.remove;
    app.delete(
      itemPath,
      {
        config,
        schema: {
          summary: summary('remove', `Delete ${a}`),
          tags,
          params: itemParams,
          response: responses({ 204: Type.Null() }, { write: true }),
        },
      },
      async (req, reply) => {
        const { s, parent, row } = await load(req);
        await remove(s, parent, row);
        return reply.code(204).send();
      },
    );
  }
}
