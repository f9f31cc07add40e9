// One connection factory for both databases. Kysely on top; values come back in the same JS types on both.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type PgModule from 'pg';
import type PgCursor from 'pg-cursor';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type LogEvent,
  type SqliteDialectConfig,
} from 'kysely';
import { SQLITE_SYNCHRONOUS_DEFAULT, type DatabaseConfig } from '../config.js';
import type { Dialect } from './dialect.js';
import type { DB } from './schema.js';
import { openSqlite } from './sqlite.js';
import { registerSessionLocks, SessionLocks } from './session-locks.js';
import { currentSchemaGeneration, RecordIdPlugin, SQLITE_RECORD_ID_TABLES } from './record-ids.js';
import { WriteVersionPlugin } from './write-version.js';
import { JOURNAL_OFF_OPTION } from './journal.js';
import { ReadRouter } from './read-replicas.js';

export interface Database {
  db: Kysely<DB>;
  /** The same database for work across tenants outside requests (webhook delivery); the test app guards only db. */
  system: Kysely<DB>;
  dialect: Dialect;
  /** PostgreSQL read replicas, when DATABASE_REPLICA_URLS names any: where a read request's statements run. */
  reads?: ReadRouter;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
let pgModules: { pg: typeof PgModule; Cursor: typeof PgCursor } | undefined;

/**
 * pg and pg-cursor, loaded on first use: a server on SQLite never needs them, and loading them cost its start-up
 * time. PostgreSQL then returns dates, times and timestamps as the same plain strings SQLite stores,
 * and numbers as numbers.
 */
export function loadPg(): { pg: typeof PgModule; Cursor: typeof PgCursor } {
  if (pgModules) return pgModules;
  const pg = require('pg') as typeof PgModule;
  const { types } = pg;
  types.setTypeParser(20, (v) => Number(v)); // int8 (ids, counts)
  types.setTypeParser(1700, (v) => Number(v)); // numeric
  types.setTypeParser(1082, (v) => v); // date -> 'YYYY-MM-DD'
  types.setTypeParser(1083, (v) => v); // time -> 'HH:MM:SS'
  types.setTypeParser(1114, (v) => v.slice(0, 19)); // timestamp -> 'YYYY-MM-DD HH:MM:SS'
  return (pgModules = { pg, Cursor: require('pg-cursor') as typeof PgCursor });
}

/**
 * SQLite transactions begin IMMEDIATE: they take the database write lock at BEGIN (waiting up to busy_timeout),
 * so a write transaction never fails half-way when another process wrote since its first read. Every API write
 * runs in one (plugins/write-path).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly config: SqliteDialectConfig) {
    super(config);
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.config);
  }
}

export interface OpenOptions {
  poolSize?: number;
  /** Called with every executed statement (the query-plan test captures list queries with it). */
  onQuery?: (sql: string, parameters: readonly unknown[]) => void;
  /**
   * false: this process's writes stay out of the write journal (PostgreSQL sessions set zk.journal=off): the CLI,
   * whose writes (tenants, the generator, demo data) are no API changes. SQLite journals only inside API writes.
   */
  journal?: boolean;
}

export function openDatabase(config: DatabaseConfig, opts: OpenOptions = {}): Database {
  const log = opts.onQuery
    ? (event: LogEvent) => {
        if (event.level === 'query') opts.onQuery!(event.query.sql, event.query.parameters);
      }
    : undefined;
  if (config.dialect === 'sqlite') {
    if (config.file !== ':memory:') fs.mkdirSync(path.dirname(config.file), { recursive: true });
    const sqlite = openSqlite(config.file);
    sqlite.exec('PRAGMA journal_mode = WAL');
    // FULL: every acknowledged commit survives a power loss; NORMAL: the last commits before one may be lost (README).
    sqlite.exec(`PRAGMA synchronous = ${config.synchronous ?? SQLITE_SYNCHRONOUS_DEFAULT}`);
    sqlite.exec('PRAGMA foreign_keys = ON');
    sqlite.exec('PRAGMA busy_timeout = 5000');
    sqlite.exec('PRAGMA cache_size = -16384'); // 16 MB of pages per process; the OS page cache holds the rest outside our RSS
    sqlite.exec('PRAGMA temp_store = MEMORY');
    // Planner statistics: without them SQLite ranks a narrow index above a more selective wide one, and
    // a month of one employee read the whole tenant's month by (tenant, date): 5–20 ms instead of 0.3–1 ms. At
    // open, analyse the tables that have no statistics or whose size changed a lot since (a sample of 400 rows
    // per index: ~2 s once on a cold 1,000,000-booking file, nothing when the statistics are current).
    sqlite.exec('PRAGMA analysis_limit = 400');
    sqlite.exec('PRAGMA optimize = 0x10002');
    // Record ids per tenant: the tables with the numbering trigger (none before migration 2801), read again after
    // each migrate() in this process (src/db/record-ids.ts).
    let numbered: { generation: number; tables: ReadonlySet<string> } | undefined;
    const numberedTables = () => {
      const generation = currentSchemaGeneration();
      if (numbered?.generation !== generation)
        numbered = {
          generation,
          tables: new Set(
            sqlite
              .prepare(SQLITE_RECORD_ID_TABLES)
              .all([])
              .map((r) => String((r as { name: string }).name)),
          ),
        };
      return numbered.tables;
    };
    const db = new Kysely<DB>({
      dialect: new ImmediateSqliteDialect({ database: sqlite }),
      plugins: [new WriteVersionPlugin(), new RecordIdPlugin(numberedTables)],
      log,
    });
    return { db, system: db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const { pg, Cursor } = loadPg();
  const pool = new pg.Pool({
    connectionString: config.url,
    max: opts.poolSize ?? 10,
    ...(opts.journal === false ? { options: JOURNAL_OFF_OPTION } : {}),
  });
  pool.on('error', () => {}); // idle client errors surface on the next query instead of crashing the process
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool, cursor: Cursor }),
    plugins: [new WriteVersionPlugin()],
    log,
  });
  const locks = new SessionLocks(() => new pg.Client({ connectionString: config.url }));
  registerSessionLocks(db, locks);
  const reads = config.replicas?.urls.length
    ? new ReadRouter(config.replicas, db, pool, pg, Cursor, opts.poolSize ?? 10)
    : undefined;
  for (const replica of reads?.replicas ?? []) registerSessionLocks(replica.db, locks);
  const close = async () => {
    await reads?.close();
    await locks.close();
    await db.destroy();
  };
  return { db, system: db, dialect: 'postgres', reads, close };
}
