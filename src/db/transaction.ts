// Write transactions that must not race (booking rules: overlap and planned hours; absences: overlap, decisions).
// PostgreSQL: a transaction that first takes transaction-scoped advisory locks on the given keys, in sorted
// order (no deadlocks); every read after them sees what earlier lock holders committed (READ COMMITTED).
// SQLite: BEGIN IMMEDIATE takes the database write lock up front, so the whole check-then-write is serial,
// also across processes sharing the file.
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.js';
import type { Dialect } from './dialect.js';
import { forTenant, type TenantDb } from './tenant-scope.js';

const namespaces = new Set<string>();

/**
 * A kind of lock key, declared once by the module that owns what it guards (e.g. employees/employees.locks.ts):
 * the key of a tenant's thing is the tenant, the namespace and the parts joined by ':' (`7:e:max`). Two declarations
 * of one namespace throw when their modules load.
 */
export function lockNamespace<Parts extends readonly (string | number)[]>(
  namespace: string,
): (tenantId: number, ...parts: Parts) => string {
  if (namespaces.has(namespace)) throw new Error(`The lock namespace ${namespace} is declared twice.`);
  namespaces.add(namespace);
  return (tenantId, ...parts) => [tenantId, namespace, ...parts].join(':');
}

/**
 * Shared locks on the keys for the rest of the write transaction (PostgreSQL, in sorted order): any number of writes
 * hold them at once, and a transaction that takes one of the keys through lockedTransaction waits for all of them
 * (and they for it). Take them after the transaction's own exclusive keys. SQLite serialises write transactions.
 */
export async function sharedLocks(db: TenantDb, dialect: Dialect, keys: readonly string[]): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const key of [...new Set(keys)].sort())
    await sql`SELECT pg_advisory_xact_lock_shared(hashtext(${key}))`.execute(db.kysely);
}

export async function lockedTransaction<T>(
  db: TenantDb,
  dialect: Dialect,
  keys: string[],
  fn: (trx: TenantDb) => Promise<T>,
): Promise<T> {
  const lock = async (trx: Kysely<DB>) => {
    for (const key of [...new Set(keys)].sort()) await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
  };
  // A write request's transaction (plugins/write-path): on SQLite it holds the write lock from its start (BEGIN IMMEDIATE).
  if (db.kysely.isTransaction) {
    if (dialect === 'postgres') await lock(db.kysely);
    return fn(db);
  }
  if (dialect === 'postgres') {
    return db.kysely.transaction().execute(async (trx) => {
      await lock(trx);
      return fn(forTenant(trx, db.tenantId, db.language));
    });
  }
  return db.kysely.connection().execute(async (conn) => {
    await sql`BEGIN IMMEDIATE`.execute(conn);
    try {
      const result = await fn(forTenant(conn, db.tenantId, db.language));
      await sql`COMMIT`.execute(conn);
      return result;
    } catch (err) {
      await sql`ROLLBACK`.execute(conn).catch(() => {});
      throw err;
    }
  });
}
