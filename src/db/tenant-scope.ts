// The one way to start a query on a tenant's tables: forTenant(db, tenantId) hands out query builders that
// already carry the tenant condition (or, for inserts, the tenant value). Every repository takes a TenantDb, so
// a query can only reach another tenant's rows through the unscoped `kysely` it also carries (for locks and
// transactions). The test app installs a guard (tenant-scope-guard.ts) that fails any statement on a tenant
// table without a tenant condition, so a forgotten scope fails the suite.
import type {
  DeleteQueryBuilder,
  DeleteResult,
  Insertable,
  InsertQueryBuilder,
  InsertResult,
  Kysely,
  SelectQueryBuilder,
  UpdateQueryBuilder,
  UpdateResult,
} from 'kysely';
import type { DB } from './schema.js';

/** Tables whose rows belong to one tenant (they carry tenant_id). */
export type TenantTable = { [T in keyof DB]: DB[T] extends { tenant_id: number } ? T : never }[keyof DB] & string;

/** A new row of a tenant table: every column but tenant_id, which the TenantDb adds. */
export type TenantInsert<T extends TenantTable> = Omit<Insertable<DB[T]>, 'tenant_id'>;

export interface TenantDb {
  readonly tenantId: number;
  /** The tenant's language: labels of enumerated objects read from this view follow it (values/labels.ts). */
  readonly language: string;
  /** The unscoped database, for locks and for queries on tables that belong to no tenant. */
  readonly kysely: Kysely<DB>;
  /** SELECT … FROM table WHERE table.tenant_id = tenantId (the alias of 'table as t' carries the condition). */
  selectFrom<T extends TenantTable>(table: T): SelectQueryBuilder<DB, T, {}>;
  selectFrom<T extends TenantTable, A extends string>(
    table: `${T} as ${A}`,
  ): SelectQueryBuilder<DB & { [K in A]: DB[T] }, A, {}>;
  /** INSERT INTO table with tenant_id set on every row. */
  insertInto<T extends TenantTable>(
    table: T,
    values: TenantInsert<T> | readonly TenantInsert<T>[],
  ): InsertQueryBuilder<DB, T, InsertResult>;
  /** UPDATE table … WHERE tenant_id = tenantId. */
  updateTable<T extends TenantTable>(table: T): UpdateQueryBuilder<DB, T, T, UpdateResult>;
  /** DELETE FROM table WHERE tenant_id = tenantId. */
  deleteFrom<T extends TenantTable>(table: T): DeleteQueryBuilder<DB, T, DeleteResult>;
  /** Run `fn` in a transaction, with a TenantDb of that transaction (the current one when there is one). */
  transaction<R>(fn: (db: TenantDb) => Promise<R>): Promise<R>;
}

/** The same TenantDb for table names known only at run time (shared helpers: lookups, the CRUD kit's rows). */
export interface UntypedTenantDb {
  readonly tenantId: number;
  selectFrom(table: string): SelectQueryBuilder<any, any, {}>;
  insertInto(table: string, values: object | readonly object[]): InsertQueryBuilder<any, any, InsertResult>;
  updateTable(table: string): UpdateQueryBuilder<any, any, any, UpdateResult>;
  deleteFrom(table: string): DeleteQueryBuilder<any, any, DeleteResult>;
}
export const untyped = (db: TenantDb) => db as unknown as UntypedTenantDb;

/** 'projects as p' -> 'p', 'projects' -> 'projects'. */
const aliasOf = (from: string) =>
  from
    .split(/\s+as\s+/i)
    .at(-1)!
    .trim();

export function forTenant(kysely: Kysely<DB>, tenantId: number, language = 'en'): TenantDb {
  const any = kysely as Kysely<any>;
  const withTenant = (row: object) => ({ ...row, tenant_id: tenantId });
  const db = {
    tenantId,
    language,
    kysely,
    selectFrom: (from: string) => any.selectFrom(from).where(`${aliasOf(from)}.tenant_id`, '=', tenantId),
    insertInto: (table: string, values: object | readonly object[]) =>
      any.insertInto(table).values(Array.isArray(values) ? values.map(withTenant) : withTenant(values as object)),
    updateTable: (table: string) => any.updateTable(table).where('tenant_id', '=', tenantId),
    deleteFrom: (table: string) => any.deleteFrom(table).where('tenant_id', '=', tenantId),
    // Inside a transaction already (a write request runs in one, see plugins/write-path), the work joins it.
    transaction: <R>(fn: (trx: TenantDb) => Promise<R>) =>
      kysely.isTransaction
        ? fn(db as unknown as TenantDb)
        : kysely.transaction().execute((trx) => fn(forTenant(trx, tenantId, language))),
  };
  return db as unknown as TenantDb;
}
