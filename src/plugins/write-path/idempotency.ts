// Idempotency keys (IETF draft "The Idempotency-Key HTTP Header Field"). A write request with `Idempotency-Key`
// first claims (tenant, token, key) in a row of its own, committed at once, so a concurrent retry sees it and
// gets 409. The response is stored in that row by the request's own write transaction (plugins/write-path), so
// it exists exactly when the write committed; a retry with the same payload gets it back with
// `Idempotent-Replayed: true`, one with another payload 422. Responses the handler refused (4xx) are stored
// too (nothing was written); a 5xx releases the key so the client may retry.
// A claim belongs to the live process that made it, and a retry takes over the claim of a process that died
// (docs/api/integration.md §1): on PostgreSQL the claimer holds a session-level advisory lock on the key in its
// own database session (db/session-locks.ts) until the response is stored, and a server whose process died has
// lost its session and with it the lock; on SQLite, which only processes of one machine share, the row names
// its process (pid and a per-process boot id) and a retry asks the operating system whether that process lives.
// Claims of no known owner are taken over after 10 minutes, as before.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { TenantDb } from '../../db/tenant-scope.js';
import { lockKeyOf, sessionLocksOf } from '../../db/session-locks.js';
import { ApiError } from '../../values/errors.js';
import { nowTimestamp } from '../../values/formats.js';
import { SHOWN_ONCE } from '../../http/schemas.js';

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

/** Body fields holding a password (sign-in, password change, an employee's or a terminal's password). */
const PASSWORD_FIELD = /password/i;
/** scrypt's cost for a password in a fingerprint: about 16 MB and some tens of milliseconds, once per such write. */
const PASSWORD_HASH = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

const scrypt = (text: string, salt: string) =>
  new Promise<string>((resolve, reject) =>
    crypto.scrypt(text, salt, 32, PASSWORD_HASH, (err, key) => (err ? reject(err) : resolve(key.toString('base64')))),
  );

/** The body with every password replaced by its slow hash, or the body itself when it holds none. */
async function withSlowPasswords(value: unknown, salt: string): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((v) => withSlowPasswords(v, salt)));
  if (!value || typeof value !== 'object') return value;
  const entries = await Promise.all(
    Object.entries(value).map(async ([field, v]) => [
      field,
      PASSWORD_FIELD.test(field) && typeof v === 'string'
        ? `scrypt:${await scrypt(v, salt)}`
        : await withSlowPasswords(v, salt),
    ]),
  );
  return Object.fromEntries(entries);
}

const holdsPassword = (value: unknown): boolean =>
  Array.isArray(value)
    ? value.some(holdsPassword)
    : !!value &&
      typeof value === 'object' &&
      Object.entries(value).some(
        ([field, v]) => (PASSWORD_FIELD.test(field) && typeof v === 'string') || holdsPassword(v),
      );

/**
 * What makes two requests "the same": method, path and query, and the body as parsed. The fingerprint is stored with
 * the key: a password in the body enters it only as a slow, salted hash (scrypt), so the stored fingerprint is no
 * fast way to test guesses of the password.
 */
export async function fingerprintOf(request: Pick<FastifyRequest, 'method' | 'url' | 'body'>): Promise<string> {
  let body = '';
  try {
    const parsed = request.body ?? null;
    const salted = holdsPassword(parsed) ? await withSlowPasswords(parsed, `${request.method} ${request.url}`) : parsed;
    body = JSON.stringify(salted);
  } catch {
    body = String(request.body);
  }
  return crypto.createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('hex');
}

const later = (ms: number) => nowTimestamp(new Date(Date.now() + ms));

/** This process, as claims record it: a restarted server reusing the pid (pid 1 in a container) is another boot. */
const BOOT = crypto.randomBytes(6).toString('hex');
const OWNER = `${process.pid}:${BOOT}`;
/** The claims this process holds now: a session lock cannot tell them apart from another process's (it is re-entrant). */
const held = new Set<string>();
const heldId = (db: TenantDb, claim: Claim) => `${db.tenantId}:${claim.tokenId}:${claim.key}`;

/** Whether the process named by a claim's owner has died (false when unknown or alive). SQLite only. */
function ownerDied(owner: string | null): boolean {
  if (!owner) return false;
  const [pid, boot] = owner.split(':');
  if (Number(pid) === process.pid) return boot !== BOOT; // an earlier process under this pid; this one's claims are `held`
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

const STILL_RUNNING = 'A request with this Idempotency-Key is still being processed. Retry later.';
const OTHER_REQUEST = 'This Idempotency-Key was already used for a different request.';

/** Claim the key, or answer: the stored response to replay, 409 while the first request runs, 422 on another payload. */
export async function claimKey(db: TenantDb, claim: Claim, ttlHours: number): Promise<StoredResponse | undefined> {
  const id = heldId(db, claim);
  const locks = sessionLocksOf(db.kysely);
  const lockKey = lockKeyOf(id);
  // Reserved at once: another request of this process with the key finds it held (and answers 409 or waits).
  const mine = !held.has(id);
  if (mine) held.add(id);
  let owned = false;
  // PostgreSQL: the lock first. Held by another session, the key's owner lives (it may be storing its answer).
  const locked =
    mine &&
    locks !== undefined &&
    (await locks.tryLock(lockKey).catch((err) => (held.delete(id), Promise.reject(err))));
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      const now = nowTimestamp();
      if (mine && (locks === undefined || locked)) {
        const inserted = await db
          .insertInto('idempotency_keys', {
            token_id: claim.tokenId,
            key: claim.key,
            fingerprint: claim.fingerprint,
            state: 'running',
            created: now,
            expires_at: later(ttlHours * 3600_000),
            owner: OWNER,
          })
          .onConflict((oc) => oc.columns(['tenant_id', 'token_id', 'key']).doNothing())
          .returning('key')
          .executeTakeFirst();
        if (inserted) {
          owned = true;
          return undefined;
        }
      }
      const row = await db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('token_id', '=', claim.tokenId)
        .where('key', '=', claim.key)
        .executeTakeFirst();
      if (!row) continue;
      const running = row.state === 'running';
      const ownerGone = mine && (locks ? locked : ownerDied(row.owner));
      const abandoned = running && (ownerGone || row.created < nowTimestamp(new Date(Date.now() - ABANDONED_AFTER_MS)));
      if (row.expires_at <= now || abandoned) {
        // Only the row read, and a running one only while it still runs (its owner may have just stored its answer).
        let gone = db
          .deleteFrom('idempotency_keys')
          .where('token_id', '=', claim.tokenId)
          .where('key', '=', claim.key)
          .where('created', '=', row.created);
        if (abandoned) gone = gone.where('state', '=', 'running');
        await gone.execute();
        continue;
      }
      if (row.fingerprint !== claim.fingerprint)
        throw new ApiError(422, OTHER_REQUEST, { 'Idempotency-Key': [OTHER_REQUEST] });
      if (running) throw new ApiError(409, STILL_RUNNING);
      return { status: Number(row.status), headers: JSON.parse(row.headers ?? '{}'), body: row.body ?? '' };
    }
    throw new ApiError(409, STILL_RUNNING);
  } finally {
    if (mine && !owned) {
      held.delete(id);
      if (locked) await locks!.unlock(lockKey);
    }
  }
}

/** The claim is settled (its answer stored, or the key given up): this process no longer owns it. */
async function settle(db: TenantDb, claim: Claim): Promise<void> {
  const id = heldId(db, claim);
  if (!held.delete(id)) return;
  await sessionLocksOf(db.kysely)?.unlock(lockKeyOf(id));
}

/**
 * The fields of a write route's answer `{data: {...}}` that hold a secret shown once (marked by `ShownOnce`,
 * http/schemas.ts): a new API token, a webhook's signing secret. Its stored answer keeps none of them.
 */
export function shownOnceFields(response: unknown): string[] {
  const fields = new Set<string>();
  for (const [status, schema] of Object.entries((response ?? {}) as Record<string, any>)) {
    if (!/^2/.test(status)) continue;
    const data = schema?.properties?.data?.properties ?? {};
    for (const [name, field] of Object.entries(data as Record<string, any>)) if (field?.[SHOWN_ONCE]) fields.add(name);
  }
  return [...fields];
}

/**
 * The answer as the idempotency store keeps it: its secrets shown once set to null, so the secret exists nowhere
 * but in the answer that carried it (a replay shows null; docs/api/integration.md §1).
 */
export function withoutSecrets(body: unknown, fields: readonly string[] | undefined): unknown {
  if (!fields?.length || typeof body !== 'string') return body;
  let parsed: { data?: Record<string, unknown> };
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  const data = parsed?.data;
  if (!data || typeof data !== 'object') return body;
  for (const field of fields) if (field in data) data[field] = null;
  return JSON.stringify(parsed);
}

/** Store the response in the claimed row (inside the write transaction, or alone after a refused request). */
export async function storeResponse(
  db: TenantDb,
  claim: Claim,
  status: number,
  headers: Record<string, unknown>,
  body: unknown,
): Promise<void> {
  const kept: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) if (headers[name] !== undefined) kept[name] = String(headers[name]);
  await db
    .updateTable('idempotency_keys')
    .set({
      state: 'done',
      status,
      headers: JSON.stringify(kept),
      body: typeof body === 'string' ? body : String(body ?? ''),
    })
    .where('token_id', '=', claim.tokenId)
    .where('key', '=', claim.key)
    .execute();
  // Inside the write transaction the lock goes before the COMMIT: a retry that finds the lock free meanwhile deletes
  // the claim only while it is 'running', which it no longer is once the COMMIT it waits for is through.
  await settle(db, claim);
}

/** Give the key up (the request failed on the server side; a retry may run it again). */
export async function releaseKey(db: TenantDb, claim: Claim): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('token_id', '=', claim.tokenId)
    .where('key', '=', claim.key)
    .where('state', '=', 'running')
    .execute();
  await settle(db, claim);
}

/** Drop the tenant's expired keys. */
export async function pruneKeys(db: TenantDb): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('expires_at', '<=', nowTimestamp()).execute();
}
