// The write journal at run time (the triggers: db/journal.ts): switched on at the start of an API write (SQLite),
// read and emptied at its end. Group-commit members run one after another inside one transaction, each drains its
// own rows before the next starts; a rolled-back request or savepoint takes its journal rows with it.
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/dialect.js';
import { sqliteJournalScript, tableColumns, type ColumnInfo } from '../../db/journal.js';
import { IGNORED_ALWAYS, type JournalledTable, type Row } from './records.js';

export interface JournalRow {
  seq: number;
  table: string;
  op: 'I' | 'U' | 'D';
  old: Row | null;
  new: Row | null;
}

// Compiled once: they run on every API write.
const OPEN_SQLITE = CompiledQuery.raw("INSERT INTO write_journal (tbl, op) VALUES ('', 'O')");
const DRAIN_SQLITE = CompiledQuery.raw('DELETE FROM write_journal RETURNING seq, tbl, op, old, new');
// PostgreSQL: the tenant's active webhook subscriptions come in the same round trip (the outbox needs them next).
const DRAIN_POSTGRES = (tenantId: number) =>
  CompiledQuery.raw(
    `WITH j AS (DELETE FROM write_journal WHERE txid = txid_current() RETURNING seq, tbl, op, old, new)
     SELECT seq, tbl, op, old, new, NULL::bigint AS hook, NULL::text AS events FROM j
     UNION ALL SELECT NULL, NULL, NULL, NULL, NULL, id, events FROM webhooks WHERE tenant_id = $1 AND active`,
    [tenantId],
  );

const parse = (v: unknown): Row | null => {
  if (v === null || v === undefined) return null;
  return typeof v === 'string' ? (JSON.parse(v) as Row) : (v as Row);
};

export class WriteJournal {
  /** Per table: the columns naming a row (its primary key without tenant_id), whether it has `modified` and the authors. */
  readonly #tables = new Map<string, { identity: string[]; modified: boolean; authors: boolean; columns: string[] }>();

  /** Per table: the columns whose changes are no change. */
  readonly #ignored: Map<string, ReadonlySet<string>>;

  constructor(
    private readonly dialect: Dialect,
    readonly tables: readonly JournalledTable[],
  ) {
    this.#ignored = new Map(tables.map((t) => [t.table, new Set([...IGNORED_ALWAYS, ...t.ignored])]));
  }

  ignored(table: string): ReadonlySet<string> {
    return this.#ignored.get(table) ?? new Set(IGNORED_ALWAYS);
  }

  /** At start: learn the tables' keys; on SQLite create the connection's TEMP journal and triggers. */
  async start(db: Kysely<any>): Promise<void> {
    const infos: { table: string; ignored: string[]; columns: ColumnInfo[] }[] = [];
    for (const t of this.tables) {
      const columns = await tableColumns(db, this.dialect, t.table);
      if (columns.length === 0) throw new Error(`write journal: table ${t.table} does not exist`);
      // A row's identity: its key without the tenant. A numbered table's key is (tenant_id, id) — on SQLite a unique
      // index rather than a PRIMARY KEY (migration 2801) — so `id` alone when the table declares no primary key.
      const pk = columns.filter((c) => c.pk && c.name !== 'tenant_id').map((c) => c.name);
      const withoutKey = columns.some((c) => c.name === 'id') ? ['id'] : columns.map((c) => c.name);
      const identity = pk.length ? pk : withoutKey;
      this.#tables.set(t.table, {
        identity,
        modified: columns.some((c) => c.name === 'modified'),
        authors: columns.some((c) => c.name === 'modified_by'),
        columns: columns.filter((c) => !c.blob).map((c) => c.name),
      });
      infos.push({ ...t, columns });
    }
    if (this.dialect === 'sqlite')
      for (const statement of sqliteJournalScript(infos)) await sql.raw(statement).execute(db);
  }

  /** The identity of a row within its table. */
  identity(table: string, row: Row): string {
    const columns = this.#tables.get(table)?.identity ?? ['id'];
    return columns.length === 1 ? String(row[columns[0]]) : JSON.stringify(columns.map((c) => row[c]));
  }

  /** The table's columns without raw bytes (what a query for its rows selects). */
  columns(table: string): string[] {
    const columns = this.#tables.get(table)?.columns;
    if (!columns) throw new Error(`write journal: table ${table} is not journalled`);
    return columns;
  }

  hasModified(table: string): boolean {
    return this.#tables.get(table)?.modified ?? false;
  }

  /** Whether the table's rows name their authors (`created_by`, `modified_by`: migration 2905). */
  hasAuthors(table: string): boolean {
    return this.#tables.get(table)?.authors ?? false;
  }

  /** Start journalling for this write (SQLite: its first row, which switches the triggers on; PostgreSQL journals every session that did not opt out). */
  async open(trx: Kysely<any>): Promise<void> {
    if (this.dialect === 'sqlite') await trx.executeQuery(OPEN_SQLITE);
  }

  /**
   * The write's journal rows in the order they were made; the journal is empty afterwards (and, on SQLite, off). On
   * PostgreSQL also the tenant's active webhook subscriptions (read in the same statement: one round trip less).
   */
  async drain(
    trx: Kysely<any>,
    tenantId: number,
  ): Promise<{ rows: JournalRow[]; hooks?: { id: number; events: string }[] }> {
    type Drained = {
      seq: number | null;
      tbl: string;
      op: string;
      old: unknown;
      new: unknown;
      hook?: number | null;
      events?: string | null;
    };
    const { rows } = await trx.executeQuery<Drained>(
      this.dialect === 'sqlite' ? DRAIN_SQLITE : DRAIN_POSTGRES(tenantId),
    );
    const journal = rows
      .filter((r) => r.seq !== null && r.op !== 'O')
      .map((r) => ({
        seq: Number(r.seq),
        table: r.tbl,
        op: r.op as JournalRow['op'],
        old: parse(r.old),
        new: parse(r.new),
      }))
      .sort((a, b) => a.seq - b.seq);
    if (this.dialect === 'sqlite') return { rows: journal };
    return {
      rows: journal,
      hooks: rows.filter((r) => r.hook != null).map((r) => ({ id: Number(r.hook), events: String(r.events) })),
    };
  }
}
