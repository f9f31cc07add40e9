// Paging in SQL: a resource's list spec (db/list-spec.ts) applied (sort, filters on `modified`), the count and the page,
// with the key as tie-breaker so paging is stable.
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { parseFilterTimestamp } from '../../values/formats.js';
import { countCache, seekTables } from './caches.js';
import { DEFAULT_LIMIT, type ListQueryValues } from './query.js';
import type { ListSpec, SortColumn } from '../../db/list-spec.js';

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
  const limit = spec.pageSize ?? query.limit ?? DEFAULT_LIMIT;
  let q = withModifiedFilters(qb, spec, query);
  const total = await countCache.get(
    q
      .clearSelect()
      .clearOrderBy()
      .select(sql<number>`count(*)`.as('total')),
  );
  const offset = (page - 1) * limit;
  if (total === 0 || offset >= total) return { rows: [], total, page, limit };
  const take = Math.min(limit, total - offset);
  const seek = sortsByKeyOnly(spec, query)
    ? await seekTables.pageStart(q, spec.key[0], isDescending(query), offset, take, total)
    : undefined;
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
  const rows = (await q
    .limit(take)
    .offset(reverse ? total - offset - take : offset)
    .execute()) as Row[];
  return { rows: reverse ? rows.reverse() : rows, total, page, limit };
}

/** The list's modified_after / modified_before filters. */
export function withModifiedFilters<DB, TB extends keyof DB, Row>(
  qb: SelectQueryBuilder<DB, TB, Row>,
  spec: ListSpec,
  query: ListQueryValues,
) {
  let q = qb as SelectQueryBuilder<any, any, any>;
  const modified = spec.modified === undefined ? 'modified' : spec.modified;
  if (modified) {
    if (query.modified_after !== undefined) q = q.where(modified, '>', parseFilterTimestamp(query.modified_after));
    if (query.modified_before !== undefined) q = q.where(modified, '<=', parseFilterTimestamp(query.modified_before));
  }
  return q;
}

const isDescending = (query: Pick<ListQueryValues, 'order'>) => String(query.order ?? 'asc').toLowerCase() === 'desc';

/** Is the list ordered by its single key column alone (the order seek tables serve)? */
function sortsByKeyOnly(spec: ListSpec, query: Pick<ListQueryValues, 'orderBy'>): boolean {
  const key = spec.key[0];
  const field = query.orderBy && Object.hasOwn(spec.sortable, query.orderBy) ? query.orderBy : spec.defaultSort;
  if (field === undefined) return !spec.fixedOrder && spec.key.length === 1;
  const s = spec.sortable[field];
  const sorted = typeof s === 'string' ? s : s.column;
  return !spec.fixedOrder && spec.key.length === 1 && sorted === key;
}

/** ORDER BY terms: the requested (or default) field, then the key columns ascending as tie-breaker. */
export function orderTerms(spec: ListSpec, query: Pick<ListQueryValues, 'orderBy' | 'order'>, reverse = false) {
  const flip = (d: 'asc' | 'desc') => (reverse ? OPPOSITE[d] : d);
  if (spec.fixedOrder)
    return spec.fixedOrder.map(
      (o) => sql`${sql.ref(o.column)} ${sql.raw(flip(o.direction) + nullsPlacement(o.nullable, flip(o.direction)))}`,
    );
  const requestedDirection = String(query.order ?? 'asc').toLowerCase() === 'desc' ? 'desc' : 'asc';
  const direction = flip(requestedDirection);
  const requested = query.orderBy && Object.hasOwn(spec.sortable, query.orderBy) ? query.orderBy : undefined;
  const field = requested ?? spec.defaultSort;
  const terms = [];
  const used = new Set<string>();
  if (field !== undefined) {
    const s = spec.sortable[field];
    const col: SortColumn = typeof s === 'string' ? { column: s } : s;
    const columnDirection = col.inverted ? OPPOSITE[direction] : direction;
    // PostgreSQL's default placement (NULLS LAST ascending), made explicit so SQLite orders alike.
    terms.push(
      sql`${col.expression ?? sql.ref(col.column)} ${sql.raw(columnDirection + nullsPlacement(col.nullable, columnDirection))}`,
    );
    used.add(col.column);
  }
  // With no explicit field, the key itself is the sort and takes the requested direction.
  const keyDirection = field === undefined ? direction : flip('asc');
  for (const k of spec.key) if (!used.has(k)) terms.push(sql`${sql.ref(k)} ${sql.raw(keyDirection)}`);
  return terms;
}

/** PostgreSQL's default placement (NULLS LAST ascending), made explicit so SQLite orders alike. */
const nullsPlacement = (nullable: boolean | undefined, direction: 'asc' | 'desc') =>
  nullable ? NULLS_PLACEMENT[direction] : '';
const NULLS_PLACEMENT = { asc: ' nulls last', desc: ' nulls first' } as const;
const OPPOSITE = { asc: 'desc', desc: 'asc' } as const;
