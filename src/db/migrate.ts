// Runs the migrations: one increasing sequence (migrations/README.md), each in its own transaction; run by
// `zeitkonto migrate` and automatically at `serve`. On PostgreSQL an advisory lock keeps two processes from
// migrating at once.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect.js';
import type { Migration } from './migration.js';
import { aroundMigration } from './journal.js';
import { migrations } from './migrations/index.js';
import { schemaChanged } from './record-ids.js';

const nowText = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

/** The migrations still to apply, in order; throws when the list or the database breaks the sequence rule. */
export function pendingMigrations(list: readonly Migration[], applied: ReadonlySet<string>): Migration[] {
  list.forEach((m, i) => {
    if (i > 0 && list[i - 1].version >= m.version)
      throw new Error(`migration ${m.version} must come after ${list[i - 1].version}: versions only increase`);
  });
  const latest = [...applied].sort().at(-1);
  const pending = list.filter((m) => !applied.has(m.version));
  const early = latest === undefined ? undefined : pending.find((m) => m.version < latest);
  if (early)
    throw new Error(
      `migration ${early.version} sorts before ${latest}, which this database has applied: give it the next number instead (src/db/migrations/README.md)`,
    );
  // A newer zeitkonto migrated this database: this older one does not know its schema (CHANGELOG.md, "Upgrading").
  const known = new Set(list.map((m) => m.version));
  const unknown = [...applied].filter((v) => !known.has(v)).sort();
  if (unknown.length)
    throw new Error(
      `this database was migrated by a newer zeitkonto (${unknown.join(', ')}): run that version, or restore the backup taken before the upgrade (CHANGELOG.md, "Upgrading")`,
    );
  return pending;
}

export async function migrate(
  db: Kysely<any>,
  dialect: Dialect,
  list: readonly Migration[] = migrations,
): Promise<string[]> {
  const applied: string[] = [];
  // Migrations write as they are written: no plugin (record ids, write counting) rewrites their statements.
  await db
    .withoutPlugins()
    .connection()
    .execute(async (conn) => {
      if (dialect === 'postgres') await sql`SELECT pg_advisory_lock(7428001)`.execute(conn);
      try {
        await sql
          .raw('CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)')
          .execute(conn);
        const done = new Set<string>(
          (await conn.selectFrom('schema_migrations').select('version').execute()).map((r: any) => r.version),
        );
        for (const m of pendingMigrations(list, done)) {
          // PRAGMA foreign_keys cannot change inside a transaction.
          const keysOff = dialect === 'sqlite' && m.foreignKeysOff === true;
          if (keysOff) await sql`PRAGMA foreign_keys = OFF`.execute(conn);
          try {
            await conn.transaction().execute(async (trx) => {
              // A migration's own row changes are no API changes: they stay out of the write journal (db/journal.ts).
              if (dialect === 'postgres') {
                await sql`SET LOCAL zk.journal = 'off'`.execute(trx);
                await aroundMigration(trx, () => m.up(trx, dialect));
              } else await m.up(trx, dialect);
              await trx.insertInto('schema_migrations').values({ version: m.version, applied_at: nowText() }).execute();
            });
          } finally {
            if (keysOff) await sql`PRAGMA foreign_keys = ON`.execute(conn);
          }
          applied.push(m.version);
          schemaChanged();
        }
      } finally {
        if (dialect === 'postgres') await sql`SELECT pg_advisory_unlock(7428001)`.execute(conn);
      }
    });
  return applied;
}
