// The contract's list conventions, implemented once (issue 2 §5). A resource declares its key, its sortable
// fields and its filters; it never parses `page` itself.
import { Type, type TProperties } from '@sinclair/typebox';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { FilterTimestamp, MAX_ID, Nullable } from './schemas.js';
import { parseFilterTimestamp } from './formats.js';
import { writeVersion } from '../db/write-version.js';

export const DEFAULT_LIMIT = 15;
export const MAX_LIMIT = 200;

/** Query parameters every list accepts. Unknown parameters are ignored (additionalProperties). */
export const listParams = {
  page: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Page to return, counting from 1.' }))),
  limit: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: MAX_LIMIT, description: 'Records per page, default 15.' }))),
  perPage: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: MAX_LIMIT, description: 'Ignored; use limit.' }))),
  orderBy: Type.Optional(Nullable(Type.String({ maxLength: 100, description: 'Field to sort by; unknown fields sort by the default.' }))),
  order: Type.Optional(Nullable(Type.String({ enum: ['asc', 'desc', 'ASC', 'DESC'] }))),
  modified_after: Type.Optional(FilterTimestamp()),
  modified_before: Type.Optional(FilterTimestamp()),
};

/** Query schema of a list: the common parameters plus the resource's own filters. */
export function listQuery<P extends TProperties>(filters: P = {} as P) {
  return Type.Object({ ...listParams, ...filters }, { additionalProperties: true });
}

/** A query schema for lists that accept only `page` (and the ignored rest). */
export const pageOnlyQuery = Type.Object({ page: listParams.page, limit: listParams.limit, perPage: listParams.perPage }, { additionalProperties: true });

export interface ListQueryValues {
  page?: number | null;
  limit?: number | null;
  orderBy?: string | null;
  order?: string | null;
  modified_after?: string;
  modified_before?: string;
}

export interface SortColumn {
  column: string;
  /** Nullable columns get an explicit NULLS placement so both databases order them alike. */
  nullable?: boolean;
}

export interface ListSpec {
  /** Columns of the record key, unique within a tenant; they break ties so paging is stable. */
  key: string[];
  /** Response field name -> column. */
  sortable: Record<string, string | SortColumn>;
  /** Sort field when orderBy is absent or unknown (defaults to the key). */
  defaultSort?: string;
  /** Column of the modification timestamp; false when the resource has none. */
  modified?: string | false;
  /** Fixed order that ignores orderBy/order (e.g. GET /projects/{id}/employees keeps its own order). */
  fixedOrder?: { column: string; direction: 'asc' | 'desc' }[];
}

export interface Page<Row> {
  rows: Row[];
  total: number;
  page: number;
  limit: number;
}

/** Apply the list conventions to a tenant-scoped, filtered query and run it (count + page). */
export async function paginate<DB, TB extends keyof DB, Row>(
  qb: SelectQueryBuilder<DB, TB, Row>,
  spec: ListSpec,
  query: ListQueryValues,
): Promise<Page<Row>> {
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_LIMIT;
  let q = qb as SelectQueryBuilder<any, any, any>;
  const modified = spec.modified === undefined ? 'modified' : spec.modified;
  if (modified) {
    if (query.modified_after !== undefined) q = q.where(modified, '>', parseFilterTimestamp(query.modified_after));
    if (query.modified_before !== undefined) q = q.where(modified, '<=', parseFilterTimestamp(query.modified_before));
  }
  const total = await countRows(q.clearSelect().clearOrderBy().select(sql<number>`count(*)`.as('total')));
  const offset = (page - 1) * limit;
  if (total === 0 || offset >= total) return { rows: [], total, page, limit };
  const take = Math.min(limit, total - offset);
  const seek = await seekTables.pageStart(q, spec, query, offset, take, total);
  if (seek) {
    // A deep page in key order: start from the nearest remembered key instead of skipping rows one by one.
    let sq = seek.after === undefined ? q : q.where(spec.key[0], '>', seek.after);
    sq = sq.orderBy(sql`${sql.ref(spec.key[0])} asc`);
    const rows = (await sq.limit(take).offset(seek.skip).execute()) as Row[];
    return { rows: seek.descending ? rows.reverse() : rows, total, page, limit };
  }
  // Past the middle, read the page from the far end in reverse order and flip it back: the order is total
  // (the key breaks every tie), so this is exact, and the last pages cost what the first ones do.
  const reverse = offset > total / 2;
  for (const term of orderTerms(spec, query, reverse)) q = q.orderBy(term);
  const rows = (await q.limit(take).offset(reverse ? total - offset - take : offset).execute()) as Row[];
  return { rows: reverse ? rows.reverse() : rows, total, page, limit };
}

/**
 * Seek tables for deep pages of lists in key order (the default order of most lists): the key at every
 * SEEK_STEP-th position of a query, so that page 30,000 of a million rows reads `key > k LIMIT 15 OFFSET n`
 * (n < SEEK_STEP) instead of skipping 450,000 rows. A table is built (one pass over the keys) only when the same
 * deep query comes again with nothing written in between, and is void like list totals (COUNT_CACHE_MS, any
 * write in this process), so under writes deep pages simply use offsets.
 */
class SeekTables {
  /** Rows between remembered keys. */
  step = 20_000;
  #tables = new Map<string, { keys: unknown[]; version: number; until: number }>();
  #seen = new Map<string, number>();
  #building = new Set<string>();
  async pageStart(q: SelectQueryBuilder<any, any, any>, spec: ListSpec, query: ListQueryValues, offset: number, take: number, total: number) {
    const ttl = countCache.ttlMs;
    const key = spec.key[0];
    const SEEK_STEP = this.step;
    const field = query.orderBy && Object.hasOwn(spec.sortable, query.orderBy) ? query.orderBy : spec.defaultSort;
    const sorted = field === undefined ? key : typeof spec.sortable[field] === 'string' ? spec.sortable[field] : (spec.sortable[field] as SortColumn).column;
    const byKeyOnly = !spec.fixedOrder && spec.key.length === 1 && sorted === key;
    if (ttl <= 0 || !byKeyOnly || total < 2 * SEEK_STEP) return undefined;
    const descending = String(query.order ?? 'asc').toLowerCase() === 'desc';
    const start = descending ? total - offset - take : offset; // position of the page's first row in ascending order
    if (Math.min(start, total - start) < SEEK_STEP) return undefined; // near either end offsets are cheap already
    const compiled = q.compile();
    const id = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
    const version = writeVersion();
    const now = Date.now();
    let table = this.#tables.get(id);
    if (!table || table.version !== version || table.until <= now) {
      if (this.#seen.get(id) !== version) {
        this.#seen.set(id, version);
        if (this.#seen.size > 1000) this.#seen.clear();
        return undefined;
      }
      // One build per query at a time; concurrent deep requests use plain offsets meanwhile.
      if (this.#building.has(id)) return undefined;
      this.#building.add(id);
      const keys: unknown[] = [];
      try {
        for (let after: unknown = undefined; ; ) {
          let step = q.clearSelect().clearOrderBy().select(key).orderBy(key).limit(1).offset(SEEK_STEP - 1);
          if (after !== undefined) step = step.where(key, '>', after);
          const row = (await step.executeTakeFirst()) as Record<string, unknown> | undefined;
          if (!row) break;
          keys.push((after = row[key]));
        }
      } finally {
        this.#building.delete(id);
      }
      if (writeVersion() !== version) return undefined; // written meanwhile: the table may be off
      // Kept 15x as long as totals: new rows get increasing keys, so other processes' inserts land after every
      // checkpoint; only their deletes could shift a deep page, by the rows deleted. Own writes void it at once.
      table = { keys, version, until: now + 15 * ttl };
      if (this.#tables.size > 200) this.#tables.clear();
      this.#tables.set(id, table);
    }
    const k = Math.min(Math.floor(start / SEEK_STEP), table.keys.length);
    return { after: k > 0 ? table.keys[k - 1] : undefined, skip: start - k * SEEK_STEP, descending };
  }
}
export const seekTables = new SeekTables();

/**
 * List totals, cached for COUNT_CACHE_MS by the count query's text and parameters. An entry is void as soon as
 * this process writes anything, so totals are exact for this process's own writes; another process's writes
 * show within the cache time. Counting a million rows costs tens of milliseconds; most list pages cost less.
 */
class CountCache {
  #entries = new Map<string, { total: number; version: number; until: number }>();
  /** Counts under way: concurrent misses of one query share one count instead of stampeding the database. */
  #pending = new Map<string, { version: number; total: Promise<number> }>();
  ttlMs = 0;
  async get(query: SelectQueryBuilder<any, any, any>): Promise<number> {
    if (this.ttlMs <= 0) return Number((await query.executeTakeFirst())?.total ?? 0);
    const compiled = query.compile();
    const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
    const now = Date.now();
    const version = writeVersion();
    const hit = this.#entries.get(key);
    if (hit && hit.until > now && hit.version === version) return hit.total;
    const pending = this.#pending.get(key);
    if (pending && pending.version === version) return pending.total;
    const total = query.executeTakeFirst().then((row) => Number(row?.total ?? 0));
    this.#pending.set(key, { version, total });
    try {
      const value = await total;
      if (this.#entries.size > 10_000) this.#entries.clear();
      this.#entries.set(key, { total: value, version, until: now + this.ttlMs });
      return value;
    } finally {
      if (this.#pending.get(key)?.total === total) this.#pending.delete(key);
    }
  }
}
export const countCache = new CountCache();
const countRows = (query: SelectQueryBuilder<any, any, any>) => countCache.get(query);

/** ORDER BY terms: the requested (or default) field, then the key columns ascending as tie-breaker. */
export function orderTerms(spec: ListSpec, query: Pick<ListQueryValues, 'orderBy' | 'order'>, reverse = false) {
  const flip = (d: 'asc' | 'desc') => (reverse ? (d === 'asc' ? 'desc' : 'asc') : d);
  if (spec.fixedOrder) return spec.fixedOrder.map((o) => sql`${sql.ref(o.column)} ${sql.raw(flip(o.direction))}`);
  const requestedDirection = String(query.order ?? 'asc').toLowerCase() === 'desc' ? 'desc' : 'asc';
  const direction = flip(requestedDirection);
  const requested = query.orderBy && Object.hasOwn(spec.sortable, query.orderBy) ? query.orderBy : undefined;
  const field = requested ?? spec.defaultSort;
  const terms = [];
  const used = new Set<string>();
  if (field !== undefined) {
    const s = spec.sortable[field];
    const col: SortColumn = typeof s === 'string' ? { column: s } : s;
    // PostgreSQL's default placement (NULLS LAST ascending), made explicit so SQLite orders alike.
    const nulls = col.nullable ? (direction === 'asc' ? ' nulls last' : ' nulls first') : '';
    terms.push(sql`${sql.ref(col.column)} ${sql.raw(direction + nulls)}`);
    used.add(col.column);
  }
  // With no explicit field, the key itself is the sort and takes the requested direction.
  const keyDirection = field === undefined ? direction : flip('asc');
  for (const k of spec.key) if (!used.has(k)) terms.push(sql`${sql.ref(k)} ${sql.raw(keyDirection)}`);
  return terms;
}

/** Absolute base URL of the request (scheme and host honour X-Forwarded-* only when TRUST_PROXY is on). */
export function requestBase(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

function pageUrl(req: FastifyRequest, page: number): string {
  const url = new URL(req.url, requestBase(req));
  url.searchParams.set('page', String(page));
  return `${requestBase(req)}${url.pathname}${url.search}`;
}

/** Laravel's paginator window (reference §1.7): up to 13 pages in full, otherwise sliders with '...'. */
export function pageWindow(current: number, last: number): (number | '...')[] {
  const range = (a: number, b: number) => Array.from({ length: Math.max(0, b - a + 1) }, (_, i) => a + i);
  const onEachSide = 3;
  if (last < onEachSide * 2 + 8) return range(1, last);
  const window = onEachSide + 4;
  if (current <= window) return [...range(1, window + onEachSide), '...', last - 1, last];
  if (current > last - window) return [1, 2, '...', ...range(last - (window + onEachSide - 1), last)];
  return [1, 2, '...', ...range(current - onEachSide, current + onEachSide), '...', last - 1, last];
}

/** The contract's list envelope for a page of already-mapped resources. */
export function envelope<T>(req: FastifyRequest, page: Page<unknown>, data: T[]) {
  const lastPage = Math.max(1, Math.ceil(page.total / page.limit));
  const from = data.length > 0 ? (page.page - 1) * page.limit + 1 : null;
  const to = from !== null ? from + data.length - 1 : null;
  const prev = page.page > 1 ? pageUrl(req, page.page - 1) : null;
  const next = page.page < lastPage ? pageUrl(req, page.page + 1) : null;
  const links = [
    { url: prev, label: '&laquo; Previous', active: false },
    ...pageWindow(page.page, lastPage).map((p) =>
      p === '...' ? { url: null, label: '...', active: false } : { url: pageUrl(req, p), label: String(p), active: p === page.page },
    ),
    { url: next, label: 'Next &raquo;', active: false },
  ];
  const path = `${requestBase(req)}${new URL(req.url, 'http://x').pathname}`;
  return {
    data,
    links: { first: pageUrl(req, 1), last: pageUrl(req, lastPage), prev, next },
    meta: { current_page: page.page, from, last_page: lastPage, links, path, per_page: page.limit, to, total: page.total },
  };
}

/** Run a list query and wrap the mapped rows in the envelope. */
export async function listResponse<DB, TB extends keyof DB, Row, Out>(
  req: FastifyRequest,
  qb: SelectQueryBuilder<DB, TB, Row>,
  spec: ListSpec,
  map: (rows: Row[]) => Out[] | Promise<Out[]>,
) {
  const page = await paginate(qb, spec, req.query as ListQueryValues);
  return envelope(req, page, await map(page.rows));
}

/** Array filter values: `key[]=a&key[]=b`, or a single `key=a` where the reference allows it. */
export function arrayParam(query: Record<string, unknown>, name: string): string[] | undefined {
  const raw = query[`${name}[]`] ?? query[name];
  if (raw === undefined || raw === null) return undefined;
  const values = (Array.isArray(raw) ? raw : [raw]).map(String);
  return values;
}
