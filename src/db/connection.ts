// One connection factory for both databases. Kysely on top; values come back in the same JS types on both.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  OperationNodeTransformer,
  type ValueNode,
  type PrimitiveValueListNode,
  type LogEvent,
} from 'kysely';
import type { DatabaseConfig } from '../config.js';
import type { Dialect } from './dialect.js';
import type { DB } from './types.js';

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

/** better-sqlite3 cannot bind booleans: store them as 1/0 (columns are INTEGER on SQLite). */
class BooleanToInteger extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const v = node.value;
    return typeof v === 'boolean' ? { ...node, value: v ? 1 : 0 } : super.transformValue(node);
  }
  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return { ...node, values: node.values.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)) };
  }
}
class SqliteBooleanPlugin implements KyselyPlugin {
  readonly #t = new BooleanToInteger();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#t.transformNode(args.node);
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
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
    sqlite.pragma('cache_size = -65536');
    sqlite.pragma('temp_store = MEMORY');
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }), plugins: [new SqliteBooleanPlugin()], log });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({ connectionString: config.url, max: opts.poolSize ?? 10 });
  pool.on('error', () => {}); // idle client errors surface on the next query instead of crashing the process
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}
