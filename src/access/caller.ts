// Who is calling: the token or the sign-in session of a request, and — for a personal token or a session — the
// employee it acts as, with their current rights: a write to employees or employment periods in this process applies
// to the next request at once (the write path forgets the tenant's callers), one made by another process within
// TENANT_CACHE_MS, as for tokens and tenants.
import { sql } from 'kysely';
import type { TenantDb } from '../db/tenant-scope.js';
import type { Actor } from '../values/changes.js';
import { roleOf, type Role } from './roles.js';

export interface Caller {
  /** The bearer token of the request; null when a sign-in session calls. */
  tokenId: number | null;
  /** The sign-in session of the request (its cookie; docs/api/permissions.md "Sessions"); null when a token calls. */
  sessionId: number | null;
  /** The employee a personal token or a session acts as; null for a service token of the tenant. */
  employee: { username: string; role: Role; departmentId: number } | null;
  /** What the token is narrowed to ("attendances:write", "*:read"); null: not narrowed. */
  scopes: ReadonlySet<string> | null;
}

/** Who a caller's writes are recorded as (the change feed, webhooks, GET /audit-events). */
export const actorOf = (caller: Caller): Actor => ({
  employee_id: caller.employee?.username ?? null,
  token_id: caller.tokenId,
  session_id: caller.sessionId,
});

/**
 * The employee behind a personal token as they are now, or undefined when they cannot act: unknown (deleted), or
 * left — they have employment periods and none of them runs today or later.
 */
export async function currentEmployee(db: TenantDb, username: string): Promise<Caller['employee'] | undefined> {
  const key = `${db.tenantId}\u0000${username}`;
  const hit = callerCache.get(key);
  if (hit && hit.until > Date.now() && hit.generation === generations.get(db.tenantId)) return hit.employee;
  const employee = await readEmployee(db, username);
  if (callerCache.ttlMs > 0) {
    if (callerCache.size > 10_000) callerCache.clear();
    callerCache.set(key, { employee, until: Date.now() + callerCache.ttlMs, generation: generations.get(db.tenantId) });
  }
  return employee;
}

/** Employees as personal tokens last saw them, per tenant and username, for callerCache.ttlMs. */
export const callerCache = Object.assign(
  new Map<string, { employee: Caller['employee'] | undefined; until: number; generation: number | undefined }>(),
  { ttlMs: 0 },
);
const generations = new Map<number, number>();

/** After a write to the tenant's employees or employment periods: its callers are read again. */
export function forgetCallers(tenantId: number): void {
  generations.set(tenantId, (generations.get(tenantId) ?? 0) + 1);
}

async function readEmployee(db: TenantDb, username: string): Promise<Caller['employee'] | undefined> {
  const today = new Date().toISOString().slice(0, 10);
  const row = await db
    .selectFrom('employees as e')
    .select(['e.rights', 'e.department_id'])
    .select(
      sql<number>`CASE WHEN EXISTS (SELECT 1 FROM employment_periods p WHERE p.tenant_id = e.tenant_id AND p.employee_id = e.username)
        AND NOT EXISTS (SELECT 1 FROM employment_periods p WHERE p.tenant_id = e.tenant_id AND p.employee_id = e.username
        AND (p.end_date IS NULL OR p.end_date >= ${today})) THEN 1 ELSE 0 END`.as('has_left'),
    )
    .where('e.username', '=', username)
    .executeTakeFirst();
  if (!row || Number(row.has_left) === 1) return undefined;
  return { username, role: roleOf(Number(row.rights)), departmentId: Number(row.department_id) };
}

/** What rate limits count a caller under: `t<token id>`, or `s<session id>`. */
export const credentialKey = (caller: Caller): string =>
  caller.tokenId !== null ? `t${caller.tokenId}` : `s${caller.sessionId}`;

/** Whose writes a read must see (db/read-replicas.ts): the credential within its tenant. */
export const readerKey = (tenantId: number, caller: Caller): string => `${tenantId}:${credentialKey(caller)}`;

/**
 * The owner of a caller's Idempotency-Keys (the integer column idempotency_keys.token_id): a token by its id, a
 * session by its id negated, so the two never share keys.
 */
export const credentialOwner = (caller: Caller): number => caller.tokenId ?? -(caller.sessionId ?? 0);
