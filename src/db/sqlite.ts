// The embedded SQLite driver: Node's built-in node:sqlite (Node 22.16+ and 24), adapted to the interface Kysely's
// SqliteDialect expects. No native addon: nothing to compile at install, nothing tied to one Node ABI (the
// better-sqlite3 12.x addon aborted Node 24 when the garbage collector finalised its statements; see
// docs/performance.md for the measured choice).
import { createRequire } from 'node:module';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const require = createRequire(import.meta.url);

/** node:sqlite, without Node 22's one-time "SQLite is an experimental feature" warning on stderr. */
function loadNodeSqlite(): typeof import('node:sqlite') {
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (String(warning).includes('SQLite is an experimental feature')) return;
    (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return require('node:sqlite') as typeof import('node:sqlite');
  } finally {
    process.emitWarning = emitWarning;
  }
}

/**
 * Extended result codes of constraint and busy errors, named as the rest of the code (dialect.ts) recognises
 * them. node:sqlite reports `code: 'ERR_SQLITE_ERROR'` with the number in `errcode`.
 */
const ERROR_NAMES: Record<number, string> = {
  5: 'SQLITE_BUSY',
  261: 'SQLITE_BUSY', // SQLITE_BUSY_RECOVERY
  517: 'SQLITE_BUSY', // SQLITE_BUSY_SNAPSHOT
  275: 'SQLITE_CONSTRAINT_CHECK',
  787: 'SQLITE_CONSTRAINT_FOREIGNKEY',
  1299: 'SQLITE_CONSTRAINT_NOTNULL',
  1555: 'SQLITE_CONSTRAINT_PRIMARYKEY',
  2067: 'SQLITE_CONSTRAINT_UNIQUE',
  2579: 'SQLITE_CONSTRAINT_UNIQUE', // SQLITE_CONSTRAINT_ROWID
};

function named<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    const e = err as { errcode?: number; code?: string };
    if (typeof e?.errcode === 'number') e.code = ERROR_NAMES[e.errcode] ?? `SQLITE_ERROR_${e.errcode}`;
    // An integer beyond JavaScript's safe range cannot be read as a number: out of range, as on PostgreSQL.
    else if (e?.code === 'ERR_OUT_OF_RANGE') e.code = 'SQLITE_OUT_OF_RANGE';
    throw err;
  }
}

/** Booleans bind as 1/0 (boolean columns are INTEGER on SQLite); node:sqlite binds no booleans or undefined. */
function bindable(params: ReadonlyArray<unknown>): unknown[] {
  let out: unknown[] | undefined;
  for (let i = 0; i < params.length; i++) {
    const p = params[i];
    if (typeof p === 'boolean' || p === undefined) {
      out ??= [...params];
      out[i] = p === undefined ? null : Number(p);
    }
  }
  return (out ?? params) as unknown[];
}

/**
 * Rows are read as arrays and turned into objects by a factory compiled once per statement: objects of one fixed
 * shape are built faster than the driver's own row objects (wide rows especially). BLOB columns come back as
 * Buffer, as from PostgreSQL's bytea.
 */
function rowFactory(statement: StatementSync): ((r: unknown[]) => unknown) | null {
  const columns = statement.columns();
  if (columns.length === 0) return null;
  const fields = columns.map((c, i) => {
    const value =
      c.type?.toUpperCase() === 'BLOB'
        ? `(r[${i}] == null ? r[${i}] : Buffer.from(r[${i}].buffer, r[${i}].byteOffset, r[${i}].byteLength))`
        : `r[${i}]`;
    return `${JSON.stringify(c.name)}: ${value}`; // duplicates keep the last value, as SQL drivers do
  });
  statement.setReturnArrays(true);
  return new Function('Buffer', `return (r) => ({${fields.join(', ')}});`)(Buffer) as (r: unknown[]) => unknown;
}

function adapt(statement: StatementSync): SqliteStatement {
  const toRow = rowFactory(statement);
  const s = statement as unknown as {
    all(...p: unknown[]): unknown[][];
    run(...p: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  };
  return {
    reader: toRow !== null,
    all: (params) => named(() => s.all(...bindable(params)).map(toRow!)),
    run: (params) => named(() => s.run(...bindable(params))),
    iterate: (params) => {
      const rows = named(() =>
        (statement as unknown as { iterate(...p: unknown[]): Iterable<unknown[]> }).iterate(...bindable(params)),
      );
      return (function* () {
        for (const r of rows) yield toRow!(r);
      })();
    },
  };
}

export interface SqliteHandle extends SqliteDatabase {
  /** Run SQL text without results (PRAGMAs, BEGIN IMMEDIATE, DDL scripts). */
  exec(sql: string): void;
}

/**
 * Open a SQLite file. Kysely prepares every statement anew, while prepared statements are reusable: keep the most
 * recent ones by SQL text (queries are parameterised, so the set of distinct texts is small).
 */
export function openSqlite(file: string, maxStatements = 500): SqliteHandle {
  const { DatabaseSync } = loadNodeSqlite();
  const db: DatabaseSync = new DatabaseSync(file);
  const cache = new Map<string, SqliteStatement>();
  return {
    prepare(sql) {
      let statement = cache.get(sql);
      if (statement === undefined) {
        statement = adapt(named(() => db.prepare(sql)));
        if (cache.size >= maxStatements) cache.delete(cache.keys().next().value!);
        cache.set(sql, statement);
      }
      return statement;
    },
    exec: (sql) => named(() => db.exec(sql)),
    close() {
      cache.clear();
      if (db.isOpen) db.close();
    },
  };
}
