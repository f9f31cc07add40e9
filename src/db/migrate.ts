// Versioned migrations in code. Applied in name order, each in its own transaction; run by `zeitkonto migrate`
// and automatically at `serve`. On PostgreSQL an advisory lock keeps two processes from migrating at once.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect.js';
import { migrations } from './migrations/index.js';

export interface Migration {
  version: string;
  up(db: Kysely<any>, dialect: Dialect): Promise<void>;
}

/** Execute a script of ';'-separated statements (no ';' inside string literals in migrations). */
export async function execScript(db: Kysely<any>, script: string): Promise<void> {
  for (const statement of script.split(';').map((s) => s.trim()).filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}

const nowText = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

export async function migrate(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  const applied: string[] = [];
  await db.connection().execute(async (conn) => {
    if (dialect === 'postgres') await sql`SELECT pg_advisory_lock(7428001)`.execute(conn);
    try {
      await sql.raw('CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)').execute(conn);
      const done = new Set((await conn.selectFrom('schema_migrations').select('version').execute()).map((r: any) => r.version));
      for (const m of [...migrations].sort((a, b) => a.version.localeCompare(b.version))) {
        if (done.has(m.version)) continue;
        await conn.transaction().execute(async (trx) => {
          await m.up(trx, dialect);
          await trx.insertInto('schema_migrations').values({ version: m.version, applied_at: nowText() }).execute();
        });
        applied.push(m.version);
      }
    } finally {
      if (dialect === 'postgres') await sql`SELECT pg_advisory_unlock(7428001)`.execute(conn);
    }
  });
  return applied;
}
