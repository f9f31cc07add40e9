// What every command shares: the output lines it writes, argument parsing (a bad argument is a UsageError,
// printed with the usage, exit 2), and a migrated database opened for the command's run.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Config } from '../config.js';
import { openDatabase, type Database } from '../db/connection.js';
import { ensurePostgresDatabase } from '../db/create-database.js';
import { migrate } from '../db/migrate.js';
import { findTenant, TenantInputError } from '../tenancy/tenants.js';

export interface CliIO {
  out(line: string): void;
  err(line: string): void;
}

export const defaultIO: CliIO = {
  out: (l) => process.stdout.write(`${l}\n`),
  err: (l) => process.stderr.write(`${l}\n`),
};

/** One command of `zeitkonto`: its name, its usage lines, and what it does with the arguments after the name. */
export interface Command {
  name: string;
  usage: readonly string[];
  run(config: Config, args: string[], io: CliIO): Promise<number>;
}

/** Bad arguments: printed with the usage, exit code 2. */
export class UsageError extends Error {}

export function parse(args: string[], options: ParseArgsConfig['options'], positionals: number) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (parsed.positionals.length !== positionals)
    throw new UsageError(`expected ${positionals} argument(s), got ${parsed.positionals.length}`);
  return parsed as { values: Record<string, any>; positionals: string[] };
}

export function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,5}$/.test(value)) throw new UsageError(`--${name} must be a positive whole number`);
  return Number(value);
}

/** Open the configured database (creating a missing PostgreSQL database), apply pending migrations, run `fn`, close. */
export async function withDatabase<T>(
  config: Config,
  fn: (database: Database) => Promise<T>,
  io: CliIO = defaultIO,
): Promise<T> {
  if (await ensurePostgresDatabase(config.database))
    io.err('zeitkonto: created the PostgreSQL database named in DATABASE_URL');
  const database = openDatabase(config.database, { poolSize: 2, journal: false });
  try {
    await migrate(database.db, database.dialect);
    return await fn(database);
  } finally {
    await database.close();
  }
}

/** A list as tab-separated columns with a header line (null shows as '-'), or with --json as one JSON array. */
export function printTable<T extends object>(
  io: CliIO,
  rows: T[],
  json: boolean | undefined,
  columns: Record<string, keyof T | ((row: T) => unknown)>,
): void {
  if (json) {
    io.out(JSON.stringify(rows, null, 2));
    return;
  }
  io.out(Object.keys(columns).join('\t'));
  for (const row of rows)
    io.out(
      Object.values(columns)
        .map((c) => (typeof c === 'function' ? c(row) : row[c]) ?? '-')
        .join('\t'),
    );
}

export async function requireTenant(database: Database, instance: string) {
  const tenant = await findTenant(database.db, instance);
  if (!tenant) throw new TenantInputError(`tenant "${instance}" does not exist`);
  return tenant;
}
