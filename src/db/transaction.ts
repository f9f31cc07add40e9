// Write transactions that must not race (booking rules: overlap and planned hours).
// PostgreSQL: a transaction that first takes transaction-scoped advisory locks on the given keys, in sorted
// order (no deadlocks); every read after them sees what earlier lock holders committed (READ COMMITTED).
// SQLite: BEGIN IMMEDIATE takes the database write lock up front, so the whole check-then-write is serial,
// also across processes sharing the file.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect.js';
import type { DB } from './schema.js';

export async function lockedTransaction<T>(db: Kysely<DB>, dialect: Dialect, keys: string[], fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  if (dialect === 'postgres') {
    return db.transaction().execute(async (trx) => {
      for (const key of [...new Set(keys)].sort()) await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
      return fn(trx);
    });
  }
  return db.connection().execute(async (conn) => {
    await sql`BEGIN IMMEDIATE`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`COMMIT`.execute(conn);
      return result;
    } catch (err) {
      await sql`ROLLBACK`.execute(conn).catch(() => {});
      throw err;
    }
  });
}
