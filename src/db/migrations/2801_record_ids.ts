// Record ids per tenant (src/db/record-ids.ts, docs/api/conventions.md "Ids"): until here every table numbered its
// records from one sequence across tenants, so a tenant could watch the others' volume in its own new ids.
//   - record_ids holds each tenant's counter per table. Every tenant that exists now continues from the table's
//     highest id ever given (its sequence), so no id a tenant may have seen, deleted or not, is given again; tenants
//     created later start at 1.
//   - PostgreSQL: each table's id loses its identity sequence and gets the numbering trigger. The key stays
//     (tenant_id, id).
//   - SQLite: a table's id was its rowid (INTEGER PRIMARY KEY AUTOINCREMENT, unique across tenants), so each table
//     is rebuilt with `id INTEGER NOT NULL`; its unique (tenant_id, id) index — the key foreign keys point at —
//     and its other indexes and triggers are created again, a non-unique index with `id` appended (the rowid that
//     used to be the id was its implicit last column, which list orders rely on). This runs with foreign keys off
//     (the documented way to rebuild a SQLite table), and checks them before committing.
// The tables are those found in the database: tenant tables whose id has its own sequence.
import { sql, type Kysely } from 'kysely';
import type { Migration } from '../migration.js';
import { execScript } from '../migration.js';
import { ddl, type Dialect } from '../dialect.js';
import { PG_RECORD_ID_FUNCTIONS, recordIdTriggers } from '../record-ids.js';

async function numberedTables(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  const rows =
    dialect === 'postgres'
      ? await sql<{ name: string }>`
          SELECT c.table_name AS name FROM information_schema.columns c
          WHERE c.table_schema = current_schema() AND c.column_name = 'id' AND c.is_identity = 'YES' AND c.table_name <> 'tenants'
            AND EXISTS (SELECT 1 FROM information_schema.columns t WHERE t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.column_name = 'tenant_id')
          ORDER BY 1`.execute(db)
      : await sql<{ name: string }>`
          SELECT m.name AS name FROM sqlite_schema m
          WHERE m.type = 'table' AND m.name <> 'tenants' AND m.sql LIKE '%id INTEGER PRIMARY KEY AUTOINCREMENT%'
            AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) p WHERE p.name = 'tenant_id')
          ORDER BY 1`.execute(db);
  return rows.rows.map((r) => r.name);
}

/** The highest id the table's sequence ever gave (0 when none). */
async function highWater(db: Kysely<any>, dialect: Dialect, table: string): Promise<number> {
  const seq =
    dialect === 'postgres'
      ? await sql<{
          n: number | null;
        }>`SELECT pg_sequence_last_value(pg_get_serial_sequence(${table}, 'id')::regclass) AS n`.execute(db)
      : await sql<{ n: number | null }>`SELECT seq AS n FROM sqlite_sequence WHERE name = ${table}`.execute(db);
  const max = await sql<{ n: number | null }>`SELECT max(id) AS n FROM ${sql.table(table)}`.execute(db);
  return Math.max(Number(seq.rows[0]?.n ?? 0), Number(max.rows[0]?.n ?? 0));
}

/** `CREATE INDEX … ON t (a, b) [WHERE …]` with `, id` appended to its column list. */
function withIdLast(indexSql: string): string {
  const open = indexSql.indexOf('(');
  let depth = 0;
  for (let i = open; i < indexSql.length; i++) {
    if (indexSql[i] === '(') depth++;
    else if (indexSql[i] === ')' && --depth === 0) {
      const columns = indexSql.slice(open + 1, i);
      return /(^|,)\s*id\s*$/.test(columns) ? indexSql : `${indexSql.slice(0, i)}, id${indexSql.slice(i)}`;
    }
  }
  throw new Error(`cannot read the columns of: ${indexSql}`);
}

async function rebuildSqlite(db: Kysely<any>, table: string): Promise<void> {
  const [definition] = (
    await sql<{ sql: string }>`SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ${table}`.execute(db)
  ).rows;
  const dependents = (
    await sql<{ type: string; sql: string; unique: number }>`
    SELECT type, sql, (type = 'index' AND sql LIKE 'CREATE UNIQUE INDEX%') AS "unique" FROM sqlite_schema
    WHERE tbl_name = ${table} AND type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY type, name`.execute(db)
  ).rows;
  if (definition.sql.split('id INTEGER PRIMARY KEY AUTOINCREMENT').length !== 2) {
    throw new Error(`unexpected definition of ${table}: ${definition.sql.slice(0, 200)}`);
  }
  // Through a temporary copy rather than ALTER TABLE … RENAME, which rewrites the whole schema each time (5x slower).
  await sql.raw(`CREATE TEMP TABLE record_ids_rebuild AS SELECT * FROM ${table}`).execute(db);
  await sql.raw(`DROP TABLE ${table}`).execute(db);
  await sql.raw(definition.sql.replace('id INTEGER PRIMARY KEY AUTOINCREMENT', 'id INTEGER NOT NULL')).execute(db);
  await sql.raw(`INSERT INTO ${table} SELECT * FROM temp.record_ids_rebuild`).execute(db);
  await sql.raw('DROP TABLE temp.record_ids_rebuild').execute(db);
  for (const d of dependents) await sql.raw(d.type === 'index' && !d.unique ? withIdLast(d.sql) : d.sql).execute(db);
}

export const recordIds: Migration = {
  version: '2801_record_ids',
  foreignKeysOff: true,
  async up(db, dialect) {
    const t = ddl(dialect);
    await execScript(
      db,
      `
CREATE TABLE record_ids (
  tenant_id ${t.int} NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  table_name ${t.text} NOT NULL,
  last_id ${t.int} NOT NULL,
  PRIMARY KEY (tenant_id, table_name)
)`,
    );
    if (dialect === 'postgres') for (const statement of PG_RECORD_ID_FUNCTIONS) await sql.raw(statement).execute(db);
    for (const table of await numberedTables(db, dialect)) {
      const high = await highWater(db, dialect, table);
      if (high > 0)
        await sql`INSERT INTO record_ids (tenant_id, table_name, last_id) SELECT id, ${table}, ${high} FROM tenants`.execute(
          db,
        );
      if (dialect === 'postgres') await sql.raw(`ALTER TABLE ${table} ALTER COLUMN id DROP IDENTITY`).execute(db);
      else await rebuildSqlite(db, table);
      for (const statement of recordIdTriggers(dialect, table)) await sql.raw(statement).execute(db);
    }
    if (dialect === 'sqlite') {
      const broken = (await sql`PRAGMA foreign_key_check`.execute(db)).rows;
      if (broken.length > 0)
        throw new Error(`foreign keys broken by the rebuild: ${JSON.stringify(broken.slice(0, 5))}`);
    }
  },
};
