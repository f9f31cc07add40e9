// Small tenant-scoped lookups shared by every repository: does a referenced record exist, which of some values
// exist, how many rows each owner of a page has.
import { sql } from 'kysely';
import { untyped, type TenantDb, type TenantTable } from './tenant-scope.js';

/**
 * `column = value` ignoring case (keys' uniqueness, name filters). lower() on both sides, so each
 * database folds both alike (ASCII on SQLite, Unicode on PostgreSQL); the (tenant_id, lower(column)) indexes of
 * migration 1200 serve it.
 */
export const equalsIgnoringCase = (column: string, value: string) =>
  sql<boolean>`lower(${sql.ref(column)}) = lower(${value})`;

/** Does a row of this tenant have column = value? (Every foreign key in a body is checked this way.) */
export async function existsInTenant(
  db: TenantDb,
  table: TenantTable,
  column: string,
  value: unknown,
  exceptId?: number,
): Promise<boolean> {
  let q = untyped(db).selectFrom(table).select('tenant_id').where(column, '=', value);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

/** Which of these values exist in the tenant (for array references such as categories). */
export async function existingValues(
  db: TenantDb,
  table: TenantTable,
  column: string,
  values: readonly string[],
): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const rows = await untyped(db)
    .selectFrom(table)
    .select(column)
    .where(column, 'in', [...values])
    .execute();
  return new Set(rows.map((r: any) => String(r[column])));
}

/**
 * Rows per owner for a page of owners in one grouped query (no N+1): Map<ownerId, count>, 0 where none.
 * `where` adds equality conditions (e.g. the entity type of a link table); `distinct` counts distinct values.
 */
export async function countPerOwner(
  db: TenantDb,
  table: TenantTable,
  ownerColumn: string,
  ownerIds: readonly number[],
  opts: { where?: Record<string, unknown>; distinct?: string } = {},
): Promise<Map<number, number>> {
  const out = new Map<number, number>(ownerIds.map((id) => [Number(id), 0]));
  if (ownerIds.length === 0) return out;
  const counted = opts.distinct ? sql<number>`count(distinct ${sql.ref(opts.distinct)})` : sql<number>`count(*)`;
  let q = untyped(db)
    .selectFrom(table)
    .select([ownerColumn, counted.as('n')])
    .where(ownerColumn, 'in', ownerIds.map(Number));
  for (const [column, value] of Object.entries(opts.where ?? {})) q = q.where(column, '=', value);
  for (const r of await q.groupBy(ownerColumn).execute()) out.set(Number(r[ownerColumn]), Number(r.n));
  return out;
}
