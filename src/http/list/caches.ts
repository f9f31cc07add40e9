// What list paging remembers between requests: totals by query, and seek tables for deep pages. Both are void
// as soon as this process writes anything (db/write-version.ts).
import type { SelectQueryBuilder } from 'kysely';
import { writeVersion } from '../../db/write-version.js';
import { newestRecordedWrite, replicaFloorOf } from '../../db/read-replicas.js';

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
  /**
   * Where a page of a list sorted by its single key column alone starts: after a remembered key, skipping fewer
   * than `step` rows; undefined when offsets are as cheap (near either end, small lists, caches off).
   */
  async pageStart(
    q: SelectQueryBuilder<any, any, any>,
    key: string,
    descending: boolean,
    offset: number,
    take: number,
    total: number,
  ) {
    const ttl = countCache.ttlMs;
    const SEEK_STEP = this.step;
    if (ttl <= 0 || total < 2 * SEEK_STEP) return undefined;
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
        for (let after: unknown = undefined; ;) {
          let step = q
            .clearSelect()
            .clearOrderBy()
            .select(key)
            .orderBy(key)
            .limit(1)
            .offset(SEEK_STEP - 1);
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
 * A total counted on a read replica (db/read-replicas.ts) is kept apart from the primary's, with the replay position
 * the replica had reached, and serves only while that covers every write this process recorded: a replica behind
 * this process's writes cannot fill the cache with a total that misses them.
 */
class CountCache {
  #entries = new Map<string, { total: number; version: number; until: number; floor: bigint | undefined }>();
  /** Counts under way: concurrent misses of one query share one count instead of stampeding the database. */
  #pending = new Map<string, { version: number; floor: bigint | undefined; total: Promise<number> }>();
  ttlMs = 0;
  async get(query: SelectQueryBuilder<any, any, any>): Promise<number> {
    if (this.ttlMs <= 0) return Number((await query.executeTakeFirst())?.total ?? 0);
    const compiled = query.compile();
    const floor = replicaFloorOf(compiled.query);
    const key = `${floor === undefined ? 'p' : 'r'}\u0000${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
    const now = Date.now();
    const version = writeVersion();
    const hit = this.#entries.get(key);
    const current = (entry: { version: number; floor: bigint | undefined }) =>
      entry.version === version && (entry.floor === undefined || entry.floor >= newestRecordedWrite());
    if (hit && hit.until > now && current(hit)) return hit.total;
    const pending = this.#pending.get(key);
    if (pending && current(pending)) return pending.total;
    const total = query.executeTakeFirst().then((row) => Number(row?.total ?? 0));
    this.#pending.set(key, { version, floor, total });
    try {
      const value = await total;
      if (this.#entries.size > 10_000) this.#entries.clear();
      this.#entries.set(key, { total: value, version, until: now + this.ttlMs, floor });
      return value;
    } finally {
      if (this.#pending.get(key)?.total === total) this.#pending.delete(key);
    }
  }
}
export const countCache = new CountCache();
