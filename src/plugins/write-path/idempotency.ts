// Idempotency keys (IETF draft "The Idempotency-Key HTTP Header Field"). A write request with `Idempotency-Key`
// first claims (tenant, token, key) in a row of its own, committed at once, so a concurrent retry sees it and
// gets 409. The response is stored in that row by the request's own write transaction (plugins/write-path), so
// it exists exactly when the write committed; a retry with the same payload gets it back with
// `Idempotent-Replayed: true`, one with another payload 422. Responses the handler refused (4xx) are stored
// too (nothing was written); a 5xx releases the key so the client may retry.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { TenantDb } from '../../db/tenant-scope.js';
import { ApiError } from '../../http/errors.js';
import { nowTimestamp } from '../../http/formats.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** A claim whose request never finished (its process died) may be taken over after this long. */
const ABANDONED_AFTER_MS = 10 * 60_000;
/** Response headers a replay repeats. */
const REPLAYED_HEADERS = ['content-type', 'location', 'etag', 'deprecation', 'sunset', 'link'];

export interface Claim {
  tokenId: number;
  key: string;
  fingerprint: string;
}

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The key of the request (an sf-string, quotes optional), or undefined; 400 when it is malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const value = (Array.isArray(raw) ? raw.join(',') : raw).trim().replace(/^"(.*)"$/, '$1');
  if (!/^[\x21-\x7e]{1,255}$/.test(value) || value.includes('"')) {
    throw new ApiError(400, 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.');
  }
  return value;
}

/** What makes two requests "the same": method, path and query, and the body as parsed. */
export function fingerprintOf(request: FastifyRequest): string {
  let body = '';
  try {
    body = JSON.stringify(request.body ?? null);
  } catch {
    body = String(request.body);
  }
  return crypto.createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('hex');
}

const later = (ms: number) => nowTimestamp(new Date(Date.now() + ms));

/** Claim the key, or answer: the stored response to replay, 409 while the first request runs, 422 on another payload. */
export async function claimKey(db: TenantDb, claim: Claim, ttlHours: number): Promise<StoredResponse | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = nowTimestamp();
    const inserted = await db
      .insertInto('idempotency_keys', { token_id: claim.tokenId, key: claim.key, fingerprint: claim.fingerprint, state: 'running', created: now, expires_at: later(ttlHours * 3600_000) })
      .onConflict((oc) => oc.columns(['tenant_id', 'token_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) return undefined;
    const row = await db.selectFrom('idempotency_keys').selectAll().where('token_id', '=', claim.tokenId).where('key', '=', claim.key).executeTakeFirst();
    if (!row) continue;
    const abandoned = row.state === 'running' && row.created < nowTimestamp(new Date(Date.now() - ABANDONED_AFTER_MS));
    if (row.expires_at <= now || abandoned) {
      await db.deleteFrom('idempotency_keys').where('token_id', '=', claim.tokenId).where('key', '=', claim.key).where('created', '=', row.created).execute();
      continue;
    }
    if (row.fingerprint !== claim.fingerprint) {
      throw new ApiError(422, 'This Idempotency-Key was already used for a different request.', { 'Idempotency-Key': ['This Idempotency-Key was already used for a different request.'] });
    }
    if (row.state === 'running') throw new ApiError(409, 'A request with this Idempotency-Key is still being processed. Retry later.');
    return { status: Number(row.status), headers: JSON.parse(row.headers ?? '{}'), body: row.body ?? '' };
  }
  throw new ApiError(409, 'A request with this Idempotency-Key is still being processed. Retry later.');
}

/** Store the response in the claimed row (inside the write transaction, or alone after a refused request). */
export async function storeResponse(db: TenantDb, claim: Claim, status: number, headers: Record<string, unknown>, body: unknown): Promise<void> {
  const kept: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) if (headers[name] !== undefined) kept[name] = String(headers[name]);
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', status, headers: JSON.stringify(kept), body: typeof body === 'string' ? body : body == null ? '' : String(body) })
    .where('token_id', '=', claim.tokenId)
    .where('key', '=', claim.key)
    .execute();
}

/** Give the key up (the request failed on the server side; a retry may run it again). */
export async function releaseKey(db: TenantDb, claim: Claim): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('token_id', '=', claim.tokenId).where('key', '=', claim.key).where('state', '=', 'running').execute();
}

/** Drop the tenant's expired keys. */
export async function pruneKeys(db: TenantDb): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('expires_at', '<=', nowTimestamp()).execute();
}
