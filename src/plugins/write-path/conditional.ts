// ETags and conditional requests (RFC 9110 §8.8.3, §13). A record's strong ETag is its version: the cursor of
// its latest change in the change feed ("0" while it never changed through the API), never a hash of the body —
// except for computed views, which have no changes of their own (workhour balances): a hash of their answer.
// GET answers 304 to a matching If-None-Match; PATCH/PUT/DELETE with a stale If-Match answer 412 before anything
// is written. The check runs in the write transaction after the record's lock (PostgreSQL: an advisory lock per
// record; SQLite: the write lock), so two clients holding the same tag cannot both write.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Dialect } from '../../db/dialect.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import { ApiError } from '../../values/errors.js';
import type { ChangeStore } from './change-log.js';

export const etagOf = (version: number) => `"${version}"`;

/** A computed view's strong ETag: a hash of its serialised answer. */
export const hashTag = (payload: unknown) =>
  `"h${crypto
    .createHash('sha256')
    .update(typeof payload === 'string' ? payload : String(payload))
    .digest('base64url')
    .slice(0, 22)}"`;

/** The entity tags of an If-Match / If-None-Match header ('*' stays '*'); weak tags are kept with their W/. */
function tagsOf(header: string | string[] | undefined): string[] {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return text.match(/\*|(?:W\/)?"[^"]*"/g) ?? [];
}

/** If-None-Match matches (weak comparison, RFC 9110 §13.1.2): the client's copy is current. */
export const noneMatchHits = (header: string | string[] | undefined, etag: string) =>
  tagsOf(header).some((t) => t === '*' || t.replace(/^W\//, '') === etag);

/** Serialise writes of one record on PostgreSQL for the rest of the transaction. */
export async function lockRecord(db: TenantDb, dialect: Dialect, type: string, key: string): Promise<void> {
  if (dialect === 'postgres')
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`${db.tenantId}:r:${type}/${key}`}))`.execute(db.kysely);
}

/** 412 unless If-Match names the record's current tag (strong comparison) or is '*'. */
export async function checkIfMatch(
  store: ChangeStore,
  db: TenantDb,
  header: string | string[] | undefined,
  type: string,
  key: string,
): Promise<void> {
  if (header === undefined) return;
  const tags = tagsOf(header);
  if (tags.includes('*')) return;
  const current = etagOf(await store.version(db, type, key));
  if (!tags.includes(current)) {
    throw new ApiError(
      412,
      'The record changed since it was read (If-Match does not name its current ETag). Read it again and retry.',
    );
  }
}
