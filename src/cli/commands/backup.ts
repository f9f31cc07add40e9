// `zeitkonto backup <file>`: a consistent copy of a SQLite database while it serves (VACUUM INTO, an online backup).
// PostgreSQL has its own tool for this; the command says which.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { parse, withDatabase, type Command } from '../io.js';

export const backupCommand: Command = {
  name: 'backup',
  usage: [
    'backup <file>                           SQLite: write a consistent copy of the database to <file> (online).',
  ],
  async run(config, args, io) {
    const { positionals } = parse(args, {}, 1);
    if (config.database.dialect === 'postgres') {
      io.err(
        'zeitkonto: backup copies SQLite databases; for PostgreSQL use pg_dump, e.g.\n  pg_dump --format=custom --file=zeitkonto.dump "$DATABASE_URL"\nand pg_restore to restore it.',
      );
      return 1;
    }
    const target = path.resolve(positionals[0]);
    if (fs.existsSync(target)) {
      io.err(`zeitkonto: ${target} already exists; choose a new file name`);
      return 1;
    }
    if (!fs.existsSync(path.dirname(target))) {
      io.err(`zeitkonto: the folder ${path.dirname(target)} does not exist`);
      return 1;
    }
    await withDatabase(config, (database) => sql`VACUUM INTO ${target}`.execute(database.db));
    io.out(`Backed up the database to ${target} (${fs.statSync(target).size} bytes).`);
    return 0;
  },
};
