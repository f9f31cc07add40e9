// The write journal: database triggers record every row change of the watched tables — by the API's own
// statements, by foreign-key actions (ON UPDATE/DELETE CASCADE, SET NULL) and by other triggers alike — as
// (table, op, old row, new row), the rows as JSON. The write path reads and empties it at the end of each API write
// (plugins/write-path/journal.ts) and turns it into change-feed entries (docs/architecture.md, "Records and
// derivations").
//
// - An UPDATE journals only when a watched column really changes: `modified` and a table's internal columns are
//   not watched, so stamping `modified` never journals. File contents (BLOB/bytea) are left out of the JSON.
// - PostgreSQL: one function and two triggers per table (INSERT OR DELETE; UPDATE OF the watched columns), created
//   by migrations through journalTable(); the rows go to an UNLOGGED table keyed by the transaction id. Sessions
//   that set `zk.journal = 'off'` (the CLI: migrations, tenants, the generator) journal nothing; everything else
//   does, so a forgotten setting costs rows that the hourly maintenance purges, never a missing change.
// - SQLite: a TEMP table and TEMP triggers of the server's connection, created when the app starts from the table's
//   columns as they are then (sqliteJournalScript), journalling only while the journal is not empty: an API write
//   starts it with a first row of its own (and its drain empties it), so writes outside one journal nothing.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect.js';

/** What a session sets to journal nothing (PostgreSQL connection option `-c zk.journal=off`). */
export const JOURNAL_OFF_OPTION = '-c zk.journal=off';

export interface ColumnInfo {
  name: string;
  /** Raw bytes: never journalled. */
  blob: boolean;
  /** Part of the primary key. */
  pk: boolean;
}

/** The columns of a table, in order. */
export async function tableColumns(db: Kysely<any>, dialect: Dialect, table: string): Promise<ColumnInfo[]> {
  if (dialect === 'sqlite') {
    const rows = (
      await sql<{
        name: string;
        type: string;
        pk: number;
      }>`SELECT name, type, pk FROM pragma_table_info(${table})`.execute(db)
    ).rows;
    return rows.map((r) => ({ name: r.name, blob: /^blob$/i.test(r.type), pk: Number(r.pk) > 0 }));
  }
  const rows = (
    await sql<{ name: string; type: string; pk: boolean }>`
      SELECT a.attname AS name, format_type(a.atttypid, NULL) AS type,
             EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = a.attrelid AND i.indisprimary AND a.attnum = ANY (i.indkey)) AS pk
      FROM pg_attribute a
      WHERE a.attrelid = to_regclass(${table}) AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attnum`.execute(db)
  ).rows;
  return rows.map((r) => ({ name: r.name, blob: r.type === 'bytea', pk: r.pk }));
}

/**
 * Columns the write path stamps after the writer is done (`modified`; `created_by` and `modified_by`, the record's
 * authors: plugins/write-path/collect.ts): never watched, so stamping them never journals; kept in the journalled rows.
 */
export const STAMPED_COLUMNS: readonly string[] = ['modified', 'created_by', 'modified_by'];

/** The columns an UPDATE must change to be journalled. */
export const watchedColumns = (columns: readonly ColumnInfo[], ignored: readonly string[]) =>
  columns.filter((c) => !c.blob && !ignored.includes(c.name)).map((c) => c.name);

/** The columns left out of the journalled rows: raw bytes and internal columns (the stamped ones stay in). */
export const unjournalledColumns = (columns: readonly ColumnInfo[], ignored: readonly string[]) =>
  columns.filter((c) => c.blob || (ignored.includes(c.name) && !STAMPED_COLUMNS.includes(c.name))).map((c) => c.name);

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
const lit = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** PostgreSQL: the journal table and the one trigger function (migration 2500). */
export async function createPostgresJournal(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `
CREATE UNLOGGED TABLE write_journal (
  txid BIGINT NOT NULL DEFAULT txid_current(),
  seq BIGINT GENERATED ALWAYS AS IDENTITY,
  tbl TEXT NOT NULL,
  op TEXT NOT NULL,
  old JSONB,
  new JSONB
)`,
    )
    .execute(db);
  await sql.raw('CREATE INDEX write_journal_txid ON write_journal (txid)').execute(db);
  // The trigger's arguments name the columns left out of the JSON: they are blanked first (jsonb_populate_record),
  // so a file's bytes are never turned into JSON at all.
  await sql
    .raw(
      `
CREATE FUNCTION write_journal_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  blank jsonb;
  o jsonb;
  n jsonb;
BEGIN
  IF current_setting('zk.journal', true) = 'off' THEN
    RETURN NULL;
  END IF;
  IF TG_NARGS > 0 THEN
    blank := (SELECT jsonb_object_agg(c, NULL) FROM unnest(TG_ARGV) AS c);
    IF TG_OP <> 'INSERT' THEN o := to_jsonb(jsonb_populate_record(OLD, blank)) - TG_ARGV; END IF;
    IF TG_OP <> 'DELETE' THEN n := to_jsonb(jsonb_populate_record(NEW, blank)) - TG_ARGV; END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN o := to_jsonb(OLD); END IF;
    IF TG_OP <> 'DELETE' THEN n := to_jsonb(NEW); END IF;
  END IF;
  INSERT INTO write_journal (tbl, op, old, new) VALUES (TG_TABLE_NAME, left(TG_OP, 1), o, n);
  RETURN NULL;
END
$$`,
    )
    .execute(db);
}

/**
 * PostgreSQL: journal a table (or journal it again after its columns changed): every migration creating a table
 * whose rows the API shows, or adding columns to one, calls this. `ignored`: columns whose changes are no change
 * (`modified` always; internal ones such as password hashes). test/plugins/write-path/journal.test.ts fails when a
 * table the records registry names lacks its triggers or they miss a column.
 */
export async function journalTable(
  db: Kysely<any>,
  dialect: Dialect,
  table: string,
  ignored: readonly string[] = ['modified'],
): Promise<void> {
  if (dialect !== 'postgres') return; // SQLite: created per connection (sqliteJournalScript)
  const all = [...new Set([...STAMPED_COLUMNS, ...ignored])];
  const columns = await tableColumns(db, dialect, table);
  if (columns.length === 0) throw new Error(`journalTable: no table ${table}`);
  const watched = watchedColumns(columns, all);
  const args = unjournalledColumns(columns, all).map(lit).join(', ');
  await sql.raw(`DROP TRIGGER IF EXISTS ${q(`${table}_journal`)} ON ${q(table)}`).execute(db);
  await sql.raw(`DROP TRIGGER IF EXISTS ${q(`${table}_journal_update`)} ON ${q(table)}`).execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${q(`${table}_journal`)} AFTER INSERT OR DELETE ON ${q(table)} FOR EACH ROW EXECUTE FUNCTION write_journal_row(${args})`,
    )
    .execute(db);
  const cols = watched.map(q);
  await sql
    .raw(
      `CREATE TRIGGER ${q(`${table}_journal_update`)} AFTER UPDATE OF ${cols.join(', ')} ON ${q(table)} FOR EACH ROW ` +
        `WHEN ((${cols.map((c) => `OLD.${c}`).join(', ')}) IS DISTINCT FROM (${cols.map((c) => `NEW.${c}`).join(', ')})) EXECUTE FUNCTION write_journal_row(${args})`,
    )
    .execute(db);
}

/** PostgreSQL: the tables that have journal triggers, with the columns their UPDATE trigger watches. */
export async function journalledTables(db: Kysely<any>): Promise<Map<string, string[]>> {
  const rows = (
    await sql<{ tbl: string; columns: string[] | null }>`
      SELECT c.relname AS tbl,
             (SELECT array_agg(a.attname::text ORDER BY a.attname) FROM pg_attribute a WHERE a.attrelid = t.tgrelid AND a.attnum = ANY (t.tgattr)) AS columns
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE t.tgname = c.relname || '_journal_update' AND NOT t.tgisinternal`.execute(db)
  ).rows;
  return new Map(rows.map((r) => [r.tbl, r.columns ?? []]));
}

/**
 * PostgreSQL: take the journal triggers off every table for the length of a migration and put them back after it,
 * watching the columns the table has then: a migration may drop a watched column (PostgreSQL refuses to drop a
 * column an `UPDATE OF` trigger names) or add one, and none has to call journalTable() again for it. A column that
 * was not watched before (`modified`, an internal one) stays unwatched; a new column is watched. Runs inside the
 * migration's transaction, so a failed migration leaves the triggers as they were (db/migrate.ts).
 */
export async function aroundMigration(db: Kysely<any>, run: () => Promise<void>): Promise<void> {
  const before = new Map<string, string[]>();
  for (const [table, watched] of await journalledTables(db)) {
    const columns = await tableColumns(db, 'postgres', table);
    before.set(
      table,
      columns.filter((c) => !c.blob && !watched.includes(c.name)).map((c) => c.name),
    );
    await sql.raw(`DROP TRIGGER IF EXISTS ${q(`${table}_journal`)} ON ${q(table)}`).execute(db);
    await sql.raw(`DROP TRIGGER IF EXISTS ${q(`${table}_journal_update`)} ON ${q(table)}`).execute(db);
  }
  await run();
  for (const [table, ignored] of before) {
    if ((await tableColumns(db, 'postgres', table)).length > 0) await journalTable(db, 'postgres', table, ignored);
  }
}

/** PostgreSQL: drop the journal rows of finished transactions (a session that journalled without draining). */
export async function purgeJournal(db: Kysely<any>): Promise<void> {
  // txid_status is NULL for a transaction too old to remember: finished as well.
  await sql`DELETE FROM write_journal WHERE txid_status(txid) IS DISTINCT FROM 'in progress'`.execute(db);
}

/**
 * SQLite: the statements creating the TEMP journal of one connection: the table and three triggers per table, which
 * journal while the table holds a row (the one an API write starts with: plugins/write-path/journal.ts).
 */
export function sqliteJournalScript(
  tables: readonly { table: string; ignored: readonly string[]; columns: readonly ColumnInfo[] }[],
): string[] {
  const out = [
    'CREATE TEMP TABLE IF NOT EXISTS write_journal (seq INTEGER PRIMARY KEY, tbl TEXT NOT NULL, op TEXT NOT NULL, old TEXT, new TEXT)',
  ];
  const on = 'EXISTS (SELECT 1 FROM write_journal)';
  for (const { table, ignored, columns } of tables) {
    const all = [...new Set([...STAMPED_COLUMNS, ...ignored])];
    const skipped = new Set(unjournalledColumns(columns, all));
    const json = (row: 'OLD' | 'NEW') =>
      `json_object(${columns
        .filter((c) => !skipped.has(c.name))
        .map((c) => `${lit(c.name)}, ${row}.${q(c.name)}`)
        .join(', ')})`;
    const cols = watchedColumns(columns, all).map(q);
    const name = (suffix: string) => q(`write_journal_${table}_${suffix}`);
    for (const s of ['i', 'd', 'u']) out.push(`DROP TRIGGER IF EXISTS temp.${name(s)}`);
    out.push(
      `CREATE TEMP TRIGGER ${name('i')} AFTER INSERT ON main.${q(table)} WHEN ${on} BEGIN INSERT INTO write_journal (tbl, op, new) VALUES (${lit(table)}, 'I', ${json('NEW')}); END`,
    );
    out.push(
      `CREATE TEMP TRIGGER ${name('d')} AFTER DELETE ON main.${q(table)} WHEN ${on} BEGIN INSERT INTO write_journal (tbl, op, old) VALUES (${lit(table)}, 'D', ${json('OLD')}); END`,
    );
    out.push(
      `CREATE TEMP TRIGGER ${name('u')} AFTER UPDATE OF ${cols.join(', ')} ON main.${q(table)} WHEN ${on} AND (${cols.map((c) => `OLD.${c}`).join(', ')}) IS NOT (${cols.map((c) => `NEW.${c}`).join(', ')}) ` +
        `BEGIN INSERT INTO write_journal (tbl, op, old, new) VALUES (${lit(table)}, 'U', ${json('OLD')}, ${json('NEW')}); END`,
    );
  }
  return out;
}
