// The single sign-on provider of a tenant (docs/api/permissions.md "Single sign-on"), and the employees a provider's
// user may be: by username (exactly, as signing in with a password) or by e-mail address (ignoring ASCII case).
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import { nowTimestamp } from '../../values/formats.js';
import './sso.tables.js';

export const MATCH_BY = ['username', 'email'] as const;
export type MatchBy = (typeof MATCH_BY)[number];

/** The claim each kind of match reads unless the operator names another. */
export const DEFAULT_CLAIM: Record<MatchBy, string> = { username: 'preferred_username', email: 'email' };

export interface SsoProvider {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  matchBy: MatchBy;
  claim: string;
}

export interface StoredSsoProvider extends SsoProvider {
  created: string;
  modified: string;
}

export async function findSsoProvider(db: TenantDb): Promise<StoredSsoProvider | undefined> {
  const row = await db.selectFrom('sso_providers').selectAll().executeTakeFirst();
  return (
    row && {
      name: row.name,
      issuer: row.issuer,
      clientId: row.client_id,
      clientSecret: row.client_secret,
      matchBy: row.match_by as MatchBy,
      claim: row.claim,
      created: row.created,
      modified: row.modified,
    }
  );
}

/** Sets the tenant's provider, replacing the one it had. */
export async function setSsoProvider(db: TenantDb, p: SsoProvider): Promise<void> {
  const now = nowTimestamp();
  const values = {
    name: p.name,
    issuer: p.issuer,
    client_id: p.clientId,
    client_secret: p.clientSecret,
    match_by: p.matchBy,
    claim: p.claim,
    modified: now,
  };
  await db
    .insertInto('sso_providers', { ...values, created: now })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values))
    .execute();
}

export async function removeSsoProvider(db: TenantDb): Promise<boolean> {
  const res = await db.deleteFrom('sso_providers').executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** The usernames of the employees a provider's claim value names: none, one, or (by e-mail) several. */
export async function employeesMatching(db: TenantDb, matchBy: MatchBy, value: string): Promise<string[]> {
  const asciiLower = (s: string) => s.replace(/[A-Z]+/g, (c) => c.toLowerCase());
  if (matchBy === 'username') {
    const rows = await db.selectFrom('employees').select('username').where('username', '=', value).execute();
    return rows.map((r) => r.username);
  }
  // lower() of SQLite folds ASCII letters only, PostgreSQL's all: the query finds the candidates of both, the
  // comparison below decides the same on both databases.
  const rows = await db
    .selectFrom('employees')
    .select(['username', 'email'])
    .where(sql<string>`lower(email)`, 'in', [asciiLower(value), value.toLowerCase()])
    .execute();
  return rows.filter((r) => r.email !== null && asciiLower(r.email) === asciiLower(value)).map((r) => r.username);
}
