// Every migration, in the one order they are applied: the files NNNN_<what>.ts of this folder (NNNN_<what>.js once
// built into dist/), ordered by their version, the file's name. A fresh database and an upgraded one run the same
// sequence. A new migration is a new file with the next number (migrations/README.md), listed nowhere else; it
// exports its Migration, whose version is the file's name.
import fs from 'node:fs';
import type { Migration } from '../migration.js';

/** A migration's file: its version, then .ts (run from source under tsx) or .js (built). */
const MIGRATION_FILE = /^(\d{4}_[a-z0-9_]+)\.(?:ts|js)$/;
const CODE_FILE = /\.(?:ts|js)$/;
const NOT_MIGRATIONS = new Set(['index.ts', 'index.js']);

const isMigration = (value: unknown): value is Migration =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Migration).version === 'string' &&
  typeof (value as Migration).up === 'function';

/** The migrations of a folder, ordered by version; throws on a code file that is no migration. */
export async function migrationsIn(folder: URL): Promise<Migration[]> {
  const files = fs
    .readdirSync(folder)
    .filter((name) => CODE_FILE.test(name) && !name.endsWith('.d.ts') && !NOT_MIGRATIONS.has(name));
  const found = await Promise.all(
    files.map(async (name) => {
      const version = MIGRATION_FILE.exec(name)?.[1];
      if (version === undefined)
        throw new Error(`${name} in ${folder.pathname} is not named NNNN_<what> (src/db/migrations/README.md)`);
      const exported = Object.values(await import(new URL(name, folder).href)).filter(isMigration);
      const own = exported.filter((m) => m.version === version);
      if (own.length !== 1) throw new Error(`${name} must export one Migration with version '${version}'`);
      return own[0];
    }),
  );
  return found.sort((a, b) => (a.version < b.version ? -1 : 1));
}

export const migrations: readonly Migration[] = await migrationsIn(new URL('./', import.meta.url));
