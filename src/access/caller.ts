// Who is calling: the token or the sign-in session of a request, and — for a personal token or a session — the
// employee it acts as, with the rights read on every request, so a change of rights applies at once and a person who has left is out.
import { sql } from 'kysely';
import type { TenantDb } from '../db/tenant-scope.js';
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

/**
 * The employee behind a personal token as they are now, or undefined when they cannot act: unknown (deleted), or
 * left — they have employment periods and none of them runs today or later.
 */
export async function currentEmployee(db: TenantDb, username: string): Promise<Caller['employee'] | undefined> {
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

/**
 * The owner of a caller's Idempotency-Keys (the integer column idempotency_keys.token_id): a token by its id, a
 * session by its id negated, so the two never share keys.
 */
export const credentialOwner = (caller: Caller): number => caller.tokenId ?? -(caller.sessionId ?? 0);
