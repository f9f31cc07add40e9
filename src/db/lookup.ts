// Small tenant-scoped lookups shared by every repository: existence of a referenced record, key uniqueness.
import type { Kysely } from 'kysely';
import type { DB } from './types.js';

type Table = keyof DB & string;

/** Does a row of this tenant have column = value? (Every foreign key in a body is checked this way.) */
export async function existsInTenant(db: Kysely<DB>, table: Table, tenantId: number, column: string, value: unknown, exceptId?: number): Promise<boolean> {
  let q = (db as Kysely<any>).selectFrom(table).select('tenant_id').where('tenant_id', '=', tenantId).where(column, '=', value);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

/** Which of these values exist in the tenant (for array references such as categories). */
export async function existingValues(db: Kysely<DB>, table: Table, tenantId: number, column: string, values: readonly string[]): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const rows = await (db as Kysely<any>).selectFrom(table).select(column).where('tenant_id', '=', tenantId).where(column, 'in', [...values]).execute();
  return new Set(rows.map((r: any) => String(r[column])));
}
