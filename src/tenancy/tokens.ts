// API tokens: 256 random bits, shown once, stored only as a SHA-256 hash, owned by one tenant.
import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { ApiTokensTable } from './tenancy.tables.js';
import type { DB } from '../db/schema.js';
import { forTenant } from '../db/tenant-scope.js';
import { nowTimestamp } from '../values/formats.js';

export interface TokenInfo {
  id: number;
  tenantId: number;
  name: string;
  readOnly: boolean;
  /** The employee (username) a personal token acts as; null for a service token. */
  employeeId: string | null;
  /** The scopes the token is narrowed to; null: every scope (docs/api/permissions.md). */
  scopes: string[] | null;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  created: string;
}

export const hashToken = (token: string) => crypto.createHash('sha256').update(token, 'utf8').digest('hex');

/** Token text: a recognisable prefix and 32 random bytes in base64url (43 characters). */
export const generateToken = () => `zk_${crypto.randomBytes(32).toString('base64url')}`;

const TOKEN_SHAPE = /^[A-Za-z0-9_\-.~+/]+=*$/;

function toInfo(row: Selectable<ApiTokensTable>): TokenInfo {
  const scopes = row.scopes === null ? null : (JSON.parse(row.scopes) as string[]);
  return {
    id: Number(row.id),
    tenantId: Number(row.tenant_id),
    name: row.name,
    readOnly: scopes !== null && scopes.every((scope) => scope.endsWith(':read')),
    employeeId: row.employee_id,
    scopes,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
    created: row.created,
  };
}

export async function createToken(
  db: Kysely<DB>,
  tenantId: number,
  opts: { name?: string; readOnly?: boolean; expiresInDays?: number; employeeId?: string; scopes?: string[] } = {},
): Promise<{ token: string; info: TokenInfo }> {
  const token = generateToken();
  const scopes = opts.scopes ?? (opts.readOnly ? ['*:read'] : null);
  const now = new Date();
  const expires = opts.expiresInDays ? nowTimestamp(new Date(now.getTime() + opts.expiresInDays * 86_400_000)) : null;
  const row = await forTenant(db, tenantId)
    .insertInto('api_tokens', {
      name: opts.name ?? 'api',
      token_hash: hashToken(token),
      read_only: scopes !== null && scopes.every((scope) => scope.endsWith(':read')),
      employee_id: opts.employeeId ?? null,
      scopes: scopes === null ? null : JSON.stringify(scopes),
      expires_at: expires,
      revoked_at: null,
      last_used_at: null,
      created: nowTimestamp(now),
      modified: nowTimestamp(now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { token, info: toInfo(row) };
}

export async function listTokens(db: Kysely<DB>, tenantId: number): Promise<TokenInfo[]> {
  const rows = await forTenant(db, tenantId).selectFrom('api_tokens').selectAll().orderBy('id').execute();
  return rows.map(toInfo);
}

export async function revokeToken(db: Kysely<DB>, tenantId: number, id: number): Promise<boolean> {
  const now = nowTimestamp();
  const res = await forTenant(db, tenantId)
    .updateTable('api_tokens')
    .set({ revoked_at: now, modified: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  tokenCache.clear();
  return Number(res.numUpdatedRows) > 0;
}

/** Removes a token the server made for itself (nothing refers to tokens): it does not stay in `token list`. */
export async function deleteToken(db: Kysely<DB>, tenantId: number, id: number): Promise<void> {
  await forTenant(db, tenantId).deleteFrom('api_tokens').where('id', '=', id).execute();
  tokenCache.clear();
}

/** Last use is recorded at most once a minute per token, so reads stay reads. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Recently read token rows (found or not), for TENANT_CACHE_MS like tenants: a revocation in this process takes
 * effect at once, one made by another process within that time. Expiry is checked on every request.
 */
class TokenCache {
  #entries = new Map<string, { info: TokenInfo | undefined; until: number }>();
  ttlMs = 0;
  get(key: string): { info: TokenInfo | undefined } | undefined {
    const hit = this.#entries.get(key);
    return hit && hit.until > Date.now() ? hit : undefined;
  }
  set(key: string, info: TokenInfo | undefined) {
    if (this.ttlMs <= 0) return;
    if (this.#entries.size > 10_000) this.#entries.clear();
    this.#entries.set(key, { info, until: Date.now() + this.ttlMs });
  }
  clear() {
    this.#entries.clear();
  }
}
export const tokenCache = new TokenCache();

/** The token row of THIS tenant for a presented secret, if it is valid now. */
export async function authenticate(
  db: Kysely<DB>,
  tenantId: number,
  presented: string,
): Promise<TokenInfo | undefined> {
  if (presented.length < 20 || presented.length > 512 || !TOKEN_SHAPE.test(presented)) return undefined;
  const hash = hashToken(presented);
  const key = `${tenantId}:${hash}`;
  const cached = tokenCache.get(key);
  let info = cached?.info;
  if (!cached) {
    const row = await forTenant(db, tenantId)
      .selectFrom('api_tokens')
      .selectAll()
      .where('token_hash', '=', hash)
      .executeTakeFirst();
    info = row ? toInfo(row) : undefined;
    tokenCache.set(key, info);
  }
  if (!info) return undefined;
  const now = new Date();
  const nowText = nowTimestamp(now);
  if (info.revokedAt !== null) return undefined;
  if (info.expiresAt !== null && info.expiresAt <= nowText) return undefined;
  const last = info.lastUsedAt ? Date.parse(`${info.lastUsedAt.replace(' ', 'T')}Z`) : 0;
  if (now.getTime() - last > LAST_USED_RESOLUTION_MS) {
    await forTenant(db, tenantId)
      .updateTable('api_tokens')
      .set({ last_used_at: nowText })
      .where('id', '=', info.id)
      .execute();
    info.lastUsedAt = nowText;
  }
  return info;
}
