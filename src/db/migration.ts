// What a migration is, and the helper every migration file uses. Migrations import this file, never the runner
// (migrate.ts imports them), so the runner and its list form no import circle.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect.js';

export interface Migration {
  /** 'NNNN_name': recorded in schema_migrations once applied; see migrations/README.md for the numbering rule. */
  version: string;
  /** SQLite: run with foreign keys off (rebuilding a table others reference); the migration checks them itself. */
  foreignKeysOff?: boolean;
  up(db: Kysely<any>, dialect: Dialect): Promise<void>;
}

/** Execute a script of ';'-separated statements (no ';' inside string literals in migrations). */
export async function execScript(db: Kysely<any>, script: string): Promise<void> {
  for (const statement of script
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}
