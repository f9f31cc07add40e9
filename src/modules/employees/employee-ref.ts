// Sub-resources of an employee (/employees/{username}/...) find their parent here: unknown or another
// tenant's username is 404.
import { sql, type Kysely } from 'kysely';
import { Type } from '@sinclair/typebox';
import type { DB } from '../../db/schema.js';
import type { Dialect } from '../../db/dialect.js';
import { notFound } from '../../http/errors.js';
import type { Scope } from '../crud/index.js';

/** Usernames may contain dots, dashes, apostrophes (URL-encoded by clients); never a slash. */
export const USERNAME_PATTERN = "^[^/\\\\?#\\s]+$";
export const UsernameParam = { username: Type.String({ minLength: 1, maxLength: 255 }) };

export async function findEmployeeRow(db: Kysely<DB>, tenantId: number, username: string) {
  return db.selectFrom('employees').selectAll().where('tenant_id', '=', tenantId).where('username', '=', username).executeTakeFirst();
}

export type EmployeeRow = NonNullable<Awaited<ReturnType<typeof findEmployeeRow>>>;

/** The parent loader of employee sub-resources. */
export async function requireEmployee(s: Scope, params: Record<string, unknown>): Promise<EmployeeRow> {
  const row = await findEmployeeRow(s.db, s.tenantId, String(params.username));
  if (!row) throw notFound('Employee');
  return row;
}

/**
 * Serialise writes that check rules across an employee's rows (overlapping periods, duplicate start dates):
 * PostgreSQL locks the employee row; SQLite already serialises write transactions.
 */
export async function lockEmployee(trx: Kysely<DB>, dialect: Dialect, tenantId: number, username: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`SELECT id FROM employees WHERE tenant_id = ${tenantId} AND username = ${username} FOR UPDATE`.execute(trx);
}
