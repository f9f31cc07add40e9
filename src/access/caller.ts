// Who is calling: the token (or, later, the session) of a request, and — for a personal token — the employee it acts
// as, with the rights read on every request, so a change of rights applies at once and a person who has left is out.
import { sql } from 'kysely';
import type { TenantDb } from '../db/tenant-scope.js';
import type { Actor } from '../values/changes.js';
import { roleOf, type Role } from './roles.js';

export interface Caller {
  tokenId: number;
  /** The employee a personal token acts as; null for a service token of the tenant. */
  employee: { username: string; role: Role; departmentId: number } | null;
  /** What the token is narrowed to ("attendances:write", "*:read"); null: not narrowed. */
  scopes: ReadonlySet<string> | null;
}

/** Who a caller's writes are recorded as (the change feed, webhooks, GET /audit-events). */
export const actorOf = (caller: Caller): Actor => ({
  employee_id: caller.employee?.username ?? null,
  token_id: caller.tokenId,
  // Browser sessions are not built yet (docs/api/permissions.md, "Not yet built"): every caller comes with a token.
  session_id: null,
});

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
