// The one way to expose a CRUD resource (list, detail, create, PATCH/PUT, DELETE), optionally below a parent
// such as /employees/{username}. A module declares its schemas and repository functions; this file owns the
// HTTP side, so every resource answers 404/422/201/204 alike.
import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
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

/**
 * What a resource's repository does for the kit (`export const activities = { list, find, show, insert, … }` in its
 * .repository.ts): every method takes the request's Scope first and the parent (when the resource has one) last,
 * so a top-level repository leaves it out. The types come from the route's schemas: `Key` from the key schema,
 * `Create`/`Update` from the bodies, `Query` from the list query, `Out`/`Item` from the resource and list item.
 */
export interface Repository<
  P,
  Row,
  Out,
  Key = number,
  Create = never,
  Update = never,
  Query = never,
  Item = Out,
  QD = unknown,
  QT extends keyof QD = keyof QD,
> {
  find: (s: Scope, key: Key, parent: P) => Promise<Row | undefined>;
  show: (s: Scope, row: Row, parent: P) => Out | Promise<Out>;
  /** Many rows of one parent shown at once, exactly as `show` shows each (list pages and the change feed). */
  showMany?: (s: Scope, rows: Row[], parent: P) => Promise<Out[]>;
  /** The rows of the list, filtered by its query (the list conventions come on top). */
  list?: (s: Scope, query: Query, parent: P) => SelectQueryBuilder<QD, QT, Row>;
  /** List items when they differ from the detail (listItem). */
  listItems?: (s: Scope, rows: Row[], parent: P) => Promise<Item[]>;
  /** The whole list, {data: [...]}, without query parameters (e.g. price tables). */
  load?: (s: Scope, parent: P) => Promise<Item[]>;
  insert?: (s: Scope, body: Create, parent: P) => Promise<Row>;
  update?: (s: Scope, row: Row, changes: Update, parent: P) => Promise<Row>;
  remove?: (s: Scope, row: Row, parent: P) => Promise<void>;
}

export type Verb = 'list' | 'get' | 'create' | 'update' | 'remove';

/** The default record key: `id`, a positive integer. */
const IdKey = () => Type.Integer({ minimum: 1, maximum: MAX_ID });
export type IdKeySchema = ReturnType<typeof IdKey>;

export interface ResourceDef<
  P,
  Row,
  R extends TSchema,
  K extends TSchema = IdKeySchema,
  C extends TSchema = TSchema,
  U extends TSchema = TSchema,
  Q extends TSchema = TSchema,
  L extends TSchema = R,
  QD = unknown,
  QT extends keyof QD = keyof QD,
> {
  /** Singular name, e.g. 'Transponder' (404 message and summaries). */
  name: string;
  plural: string;
  tags: string[];
  /** Collection path, e.g. '/employees/:username/transponders'. */
  path: string;
  /** Schemas of the parent's path parameters (e.g. { username }). */
  parentParams?: TProperties;
  /** Record key parameter; default `id`, a positive integer. */
  key?: { name: string; schema: K };
  /** Loads the parent (throws 404 when it is unknown in the tenant). */
  parent?: (s: Scope, params: Record<string, unknown>) => Promise<P>;
  /** Detail schema (and list item unless listItem is given). */
  resource: R;
  listItem?: L;
  repository: Repository<P, Row, Static<R>, Static<K>, Static<C>, Static<U>, Static<Q>, Static<L>, QD, QT>;
  /**
   * GET of the collection: with `spec`, the repository's `list` under the list conventions (paged unless
   * `unpaginated`: {data: [...]} still sorted by the spec); without, the repository's `load`, whole.
   */
  list?: { query?: Q; spec: ListSpec; unpaginated?: boolean } | { spec?: undefined };
  /** false: no GET of a single record (the module serves its own). */
  detail?: false;
  /** `answer`: the 201 shows more than a read does (a webhook's secret, shown once), with this schema and mapping. */
  create?: {
    body: C;
    answer?: { schema: TSchema; show: (s: Scope, row: Row, parent: P) => unknown };
  };
  update?: { body: U };
  /** DELETE when the repository removes; a route's own remove (a reference check first) replaces the repository's. */
  remove?: (s: Scope, row: Row, parent: P) => Promise<void>;
  /** Fields unique in the tenant: create and update answer 422 "The <field> has already been taken." first (all at once). */
  unique?: { table: TenantTable; field: string } | { table: TenantTable; field: string }[];
  /** OpenAPI summaries where the generated ones ("Get a transponder") do not fit. */
  summaries?: Partial<Record<Verb, string>>;
  config?: FastifyContextConfig;
  /**
   * The records as the change feed sees them (plugins/write-path/records.ts): their table, how a row names its record
   * (default: its id; nested resources name their parent's key first), the tables their answers derive from. The
   * kit shows a record as its detail route does (the repository's showMany, else show). Without it the resource
   * takes no part in the feed.
   */
  records?: {
    table: TenantTable;
    key?: readonly KeyPart[];
    where?: RowFilter;
    derivations?: readonly Derivation[];
    internal?: readonly string[];
    feed?: false;
    load?: RecordType['load'];
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
function kitLoader<P, Row, R extends TSchema, K extends TSchema>(
  def: Pick<ResourceDef<P, Row, R, K>, 'parent' | 'parentParams'>,
  repository: Pick<Repository<P, Row, Static<R>, Static<K>>, 'find' | 'show' | 'showMany'>,
  keyName: string,
  keySchema: TSchema,
): RecordType['load'] {
  const schemas: Record<string, TSchema> = { ...(def.parentParams ?? {}), [keyName]: keySchema };
  const names = Object.keys(schemas);
  const batch = repository.showMany;
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
        const row = await repository.find(s, typed(schemas[keyName], parts.at(-1)!) as Static<K>, parent);
        if (row) group.found.push({ key: parts.join('/'), row });
      }
      const rows = group.found.map((f) => f.row);
      const shown = batch
        ? await batch(s, rows, parent)
        : await Promise.all(rows.map((row) => repository.show(s, row, parent)));
      group.found.forEach((f, i) => out.set(f.key, shown[i]));
    }
    return out;
  };
}

/** A method the route needs from the repository (a route with a create body needs `insert`). */
function needs<T>(method: T | undefined, what: string, path: string): T {
  if (method === undefined) throw new Error(`${path}: the repository has no ${what}`);
  return method;
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

export function resourceRoutes<
  P,
  Row,
  R extends TSchema,
  K extends TSchema = IdKeySchema,
  C extends TSchema = TSchema,
  U extends TSchema = TSchema,
  Q extends TSchema = TSchema,
  L extends TSchema = R,
  QD = unknown,
  QT extends keyof QD = keyof QD,
>(app: ZkApp, def: ResourceDef<P, Row, R, K, C, U, Q, L, QD, QT>): void {
  type Out = Static<R>;
  type Item = Static<L>;
  const repo = def.repository;
  const keyName = def.key?.name ?? 'id';
  const keySchema: TSchema = def.key?.schema ?? IdKey();
  const itemPath = `${def.path}/:${keyName}`;
  const collectionParams = def.parentParams ? { params: Type.Object(def.parentParams) } : {};
  const itemParams = Type.Object({ ...(def.parentParams ?? {}), [keyName]: keySchema });
  const one = def.name.toLowerCase();
  const a = `${article(one)} ${one}`;
  const summary = (verb: Verb, generated: string) => def.summaries?.[verb] ?? generated;
  const tags = def.tags;
  const config = def.config ?? {};
  if (def.records) {
    const { load, ...declared } = def.records;
    const type = itemPath
      .split('/')
      .filter((p) => p && !p.startsWith(':'))
      .join('/');
    app.zk.records.add({ type, ...declared, load: load ?? kitLoader(def, repo, keyName, keySchema) });
  }

  const paramsOf = (req: FastifyRequest) => req.params as Record<string, unknown>;
  const parentOf = async (req: FastifyRequest) => {
    const s = scopeOf(app, req);
    const parent = def.parent ? await def.parent(s, paramsOf(req)) : (undefined as P);
    return { s, parent };
  };
  const load = async (req: FastifyRequest) => {
    const { s, parent } = await parentOf(req);
    const row = await repo.find(s, paramsOf(req)[keyName] as Static<K>, parent);
    if (!row) throw notFound(def.name);
    return { s, parent, row };
  };
  const single = async (s: Scope, parent: P, row: Row) => ({ data: await repo.show(s, row, parent) });
  const uniques = def.unique === undefined ? [] : [def.unique].flat();
  const unique = async (s: Scope, body: unknown, row?: Row) => {
    const errors = new ErrorBag();
    const exceptId = row === undefined ? undefined : Number((row as { id: number }).id);
    const values = body as Record<string, unknown>;
    for (const u of uniques) await checkUnique(s.db, errors, u.table, u.field, values[u.field], { exceptId });
    errors.throwIfAny();
  };

  if (def.list && def.list.spec === undefined) {
    const loadAll = needs(repo.load, 'load', def.path);
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
        return { data: await loadAll(s, parent) };
      },
    );
  } else if (def.list) {
    const list = def.list;
    const build = needs(repo.list, 'list', def.path);
    const item = def.listItem ?? def.resource;
    const batch =
      repo.listItems ?? (repo.showMany as ((s: Scope, rows: Row[], parent: P) => Promise<Item[]>) | undefined);
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
      async (req: FastifyRequest) => {
        const { s, parent } = await parentOf(req);
        const map = (rows: Row[]): Promise<(Item | Out)[]> =>
          batch ? batch(s, rows, parent) : Promise.all(rows.map((r) => repo.show(s, r, parent)));
        const qb = build(s, req.query as Static<Q>, parent);
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
    const insert = needs(repo.insert, 'insert', def.path);
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
        const row = await insert(s, req.body as Static<C>, parent);
        return reply
          .code(201)
          .send(create.answer ? { data: await create.answer.show(s, row, parent) } : await single(s, parent, row));
      },
    );
  }

  if (def.update) {
    const body = def.update.body;
    const change = needs(repo.update, 'update', def.path);
    app.route({
      method: ['PATCH', 'PUT'],
      url: itemPath,
      config,
      schema: {
        summary: summary('update', `Update ${a} (only submitted fields change; PUT is an alias)`),
        tags,
        params: itemParams,
        body,
        response: responses({ 200: Single(def.resource) }, { write: true }),
      },
      handler: async (req) => {
        const { s, parent, row } = await load(req);
        // Fields sent as the record reads them change nothing (http/round-trip.ts).
        const current = await repo.show(s, row, parent);
        const changes = requestedChanges(req, current as object, body);
        if (!changes) return { data: current };
        await unique(s, changes, row);
        return single(s, parent, await change(s, row, changes as Static<U>, parent));
      },
    });
  }

  const remove = def.remove ?? repo.remove;
  if (remove) {
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
        await remove(s, row, parent);
        return reply.code(204).send();
      },
    );
  }
}
