// A query's rows in chunks, for exports that read a whole list (CSV) in constant memory. SQLite reads through a
// read-only connection of its own, so an export's long read never holds the app's one connection (WAL gives it a
// snapshot); PostgreSQL reads through a cursor on one pooled connection.
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DatabaseConfig } from '../config.js';
import { openSqlite } from './sqlite.js';

export interface RowSource {
  db: Kysely<any>;
  database: DatabaseConfig;
}

export async function* rowChunks<Row>(
  source: RowSource,
  qb: SelectQueryBuilder<any, any, Row>,
  size = 500,
): AsyncGenerator<Row[]> {
  let chunk: Row[] = [];
  const rows = rowsOf(source, qb, size);
  for await (const row of rows) {
    chunk.push(row);
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

async function* rowsOf<Row>(
  source: RowSource,
  qb: SelectQueryBuilder<any, any, Row>,
  size: number,
): AsyncGenerator<Row> {
  const { database } = source;
  if (database.dialect === 'postgres' || database.file === ':memory:') {
    yield* qb.stream(size);
    return;
  }
  const sqlite = openSqlite(database.file);
  try {
    sqlite.exec('PRAGMA query_only = ON');
    sqlite.exec('PRAGMA busy_timeout = 5000');
    const compiled = qb.compile();
    yield* sqlite.prepare(compiled.sql).iterate(compiled.parameters) as Iterable<Row>;
  } finally {
    sqlite.close();
  }
}
