// One connection factory for both databases. Kysely on top; values come back in the same JS types on both.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type LogEvent,
} from 'kysely';
import type { DatabaseConfig } from '../config.js';
import type { Dialect } from './dialect.js';
import type { DB } from './schema.js';
import { WriteVersionPlugin } from './write-version.js';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  close(): Promise<void>;
}

// PostgreSQL returns dates, times and timestamps as the same plain strings SQLite stores, and numbers as numbers.
const { types } = pg;
types.setTypeParser(20, (v) => Number(v)); // int8 (ids, counts)
types.setTypeParser(1700, (v) => Number(v)); // numeric
types.setTypeParser(1082, (v) => v); // date -> 'YYYY-MM-DD'
types.setTypeParser(1083, (v) => v); // time -> 'HH:MM:SS'
types.setTypeParser(1114, (v) => v.slice(0, 19)); // timestamp -> 'YYYY-MM-DD HH:MM:SS'

/**
 * Kysely prepares every statement anew; better-sqlite3 statements are reusable, so keep the most recent ones
 * by SQL text (queries are parameterised, so the set of distinct texts is small).
 */
function cachingStatements(sqlite: SQLite.Database, max = 500): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  return new Proxy(sqlite, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (sql: string) => {
          let statement = cache.get(sql);
          if (statement === undefined) {
            statement = adaptStatement(target.prepare(sql));
            if (cache.size >= max) cache.delete(cache.keys().next().value!);
            cache.set(sql, statement);
          }
          return statement;
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Statement adapter: binds booleans as 1/0 (better-sqlite3 cannot bind them; boolean columns are INTEGER on
 * SQLite), and reads rows as arrays turned into objects by a factory compiled once per statement: objects with
 * one fixed shape are built 2-3 times faster than better-sqlite3's own row objects (wide rows especially).
 */
function adaptStatement(statement: SQLite.Statement): SQLite.Statement {
  const convert = (params: unknown[]) => (params.some((p) => typeof p === 'boolean') ? params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p)) : params);
  const args = (params: unknown[]) => (params.length === 1 && Array.isArray(params[0]) ? [convert(params[0])] : convert(params));
  const s = statement as any;
  const run = s.run.bind(statement);
  s.run = (...params: unknown[]) => run(...args(params));
  if (!statement.reader) return statement;
  const columns = statement.columns().map((c) => c.name);
  // Column names are quoted as JSON string literals; duplicates keep the last value, as better-sqlite3 does.
  const toRow = new Function('r', `return {${columns.map((c, i) => `${JSON.stringify(c)}: r[${i}]`).join(', ')}};`) as (r: unknown[]) => unknown;
  statement.raw(true);
  const all = s.all.bind(statement);
  const get = s.get.bind(statement);
  s.all = (...params: unknown[]) => (all(...args(params)) as unknown[][]).map(toRow);
  s.get = (...params: unknown[]) => {
    const row = get(...args(params)) as unknown[] | undefined;
    return row === undefined ? undefined : toRow(row);
  };
  s.iterate = () => {
    throw new Error('iterate() is not supported by the statement adapter');
  };
  return statement;
}

export interface OpenOptions {
  poolSize?: number;
  /** Called with every executed statement (the query-plan test captures list queries with it). */
  onQuery?: (sql: string, parameters: readonly unknown[]) => void;
}

export function openDatabase(config: DatabaseConfig, opts: OpenOptions = {}): Database {
  const log = opts.onQuery
    ? (event: LogEvent) => {
        if (event.level === 'query') opts.onQuery!(event.query.sql, event.query.parameters);
      }
    : undefined;
  if (config.dialect === 'sqlite') {
    if (config.file !== ':memory:') fs.mkdirSync(path.dirname(config.file), { recursive: true });
    const sqlite = new SQLite(config.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('cache_size = -16384'); // 16 MB of pages per process; the OS page cache holds the rest outside our RSS
    sqlite.pragma('temp_store = MEMORY');
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: cachingStatements(sqlite) }), plugins: [new WriteVersionPlugin()], log });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({ connectionString: config.url, max: opts.poolSize ?? 10 });
  pool.on('error', () => {}); // idle client errors surface on the next query instead of crashing the process
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new WriteVersionPlugin()], log });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}
