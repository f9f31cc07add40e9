// What the change feed shows, declared by each module next to its routes (the CRUD kit declares its resources
// itself): record types, the table whose rows are the records, how a row names its record, how the API shows a
// record, and the derivations — other tables whose rows change a record's answer (an offer's totals from its items,
// an absence's embedded reason, a customer's addresses). The write path reads the database's write journal at the
// end of every API write and turns it into feed entries through this registry (docs/architecture.md, "Records and
// derivations"; docs/api/integration.md, "What counts as a change").
import type { Scope } from '../../tenancy/scope.js';
import { untyped } from '../../db/tenant-scope.js';
import { STAMPED_COLUMNS } from '../../db/journal.js';

/** A table row as the journal or a query returns it (column → value). */
export type Row = Record<string, unknown>;

/** One row's change in the transaction: its state before (null: inserted) and after (null: deleted). */
export interface RowChange {
  table: string;
  old: Row | null;
  new: Row | null;
}

/**
 * A part of a record's key: a column of its row, or a field of another row the row points to (e.g. a contact's
 * customer number: `{ column: 'customer_id', table: 'customers', field: 'customer_number' }`). Key parts are joined
 * by '/' as the record's path keys are ('K1/12', 'max/3').
 */
export type KeyPart = string | { column: string; table: string; field: string };

/** Rows of a table that qualify (e.g. attachments of one owner type): column → value. */
export type RowFilter = Readonly<Record<string, string | number>>;

export interface DeriveContext {
  scope: Scope;
  /** Every row change of the transaction of this table (after the filter of the derivation). */
  changes(table: string): readonly RowChange[];
  /**
   * The rows of `table` as they were before the transaction, given the rows as they are now (e.g. an offer's items
   * before an item was added): changed rows are replaced by their old state, inserted ones left out, deleted ones
   * (matching `filter`) added back.
   */
  before(table: string, now: readonly Row[], filter?: (row: Row) => boolean): Row[];
}

/** A table whose changes change the answers of records of another type. */
export interface Derivation {
  table: string;
  where?: RowFilter;
  /** Only changes of these columns matter; inserts and deletes always do. Default: any column. */
  columns?: readonly string[];
  /** Dependents are the records whose row column (key) equals the changed row's column (value), before or after. */
  match?: Readonly<Record<string, string>>;
  /** Or a small query: the ids (the record table's id) of the records the changes affect. */
  find?: (ctx: DeriveContext, changes: readonly RowChange[]) => Promise<Iterable<number>>;
}

export interface RecordType {
  /** The feed type: the static segments of the detail route ('attendances', 'employees/meals'). */
  type: string;
  /** The table whose rows are the records (keyed by `id`). */
  table: string;
  where?: RowFilter;
  /** How a row names its record; default: the row's id. */
  key?: readonly KeyPart[];
  /**
   * The records with these keys (each as its parts, e.g. ['max', '3']) as the API shows them: their detail answer's
   * data, by the key joined with '/'. A key absent from the answer is a record that is gone.
   */
  load(scope: Scope, keys: readonly (readonly string[])[]): Promise<Map<string, unknown>>;
  derivations?: readonly Derivation[];
  /** Columns of the table no answer shows (password hashes): their changes are no change. */
  internal?: readonly string[];
  /**
   * false: versions only. The records' changes give them versions (ETag, If-Match) but are neither shown by the
   * change feed nor sent to webhooks (webhook subscriptions: a subscription to '*' would hear about itself).
   */
  feed?: false;
}

/** A table the journal watches, with what it leaves out. */
export interface JournalledTable {
  table: string;
  /** Columns whose changes are no change (always the stamped ones, db/journal.ts, and the declared internal ones). */
  ignored: string[];
}

export const IGNORED_ALWAYS: readonly string[] = STAMPED_COLUMNS;

/** The registry by table, as the write path reads it for every write (built once). */
export interface RecordIndex {
  /** Per table: the record types whose rows it holds. */
  typesOf: Map<string, RecordType[]>;
  /** Per table: the derivations reading it, with their dependent type (a key part read from it included). */
  derivedFrom: Map<string, { type: RecordType; derivation: Derivation }[]>;
}

export class RecordRegistry {
  readonly #types = new Map<string, RecordType>();
  #index: RecordIndex | undefined;

  add(type: RecordType): void {
    this.#types.set(type.type, type);
    this.#index = undefined;
  }

  get index(): RecordIndex {
    if (this.#index) return this.#index;
    const typesOf = new Map<string, RecordType[]>();
    const derivedFrom = new Map<string, { type: RecordType; derivation: Derivation }[]>();
    const push = <T>(map: Map<string, T[]>, key: string, value: T) =>
      (map.get(key) ?? map.set(key, []).get(key)!).push(value);
    for (const type of this.#types.values()) {
      push(typesOf, type.table, type);
      // A key part read from another row: renaming that row renames the key.
      const implicit = (type.key ?? []).flatMap((p) =>
        typeof p === 'string' ? [] : [{ table: p.table, columns: [p.field], match: { [p.column]: 'id' } }],
      );
      for (const derivation of [...(type.derivations ?? []), ...implicit])
        push(derivedFrom, derivation.table, { type, derivation });
    }
    return (this.#index = { typesOf, derivedFrom });
  }

  get(type: string): RecordType | undefined {
    return this.#types.get(type);
  }

  get types(): RecordType[] {
    return [...this.#types.values()];
  }

  /** Every table the journal must watch: the records' tables, those their keys read, and their derivations' sources. */
  tables(): JournalledTable[] {
    const ignored = new Map<string, Set<string>>();
    const add = (table: string, internal: readonly string[] = []) => {
      const set = ignored.get(table) ?? new Set(IGNORED_ALWAYS);
      for (const c of internal) set.add(c);
      ignored.set(table, set);
    };
    for (const t of this.#types.values()) {
      add(t.table, t.internal);
      for (const part of t.key ?? []) if (typeof part !== 'string') add(part.table);
      for (const d of t.derivations ?? []) add(d.table);
    }
    for (const t of this.#types.values()) if (t.internal) add(t.table, t.internal);
    return [...ignored]
      .map(([table, set]) => ({ table, ignored: [...set].sort() }))
      .sort((a, b) => a.table.localeCompare(b.table));
  }
}

/** The rows of a record table keyed by `id` for the keys a loader is asked for (one query; none for no keys). */
export async function rowsById<R>(scope: Scope, table: string, keys: readonly (readonly string[])[]): Promise<R[]> {
  if (keys.length === 0) return [];
  const ids = keys.map((k) => Number(k[0]));
  return (await untyped(scope.db).selectFrom(table).selectAll().where('id', 'in', ids).execute()) as R[];
}

/** Does the row pass the filter (values compared as text: the journal and the drivers type numbers differently)? */
export const passes = (row: Row | null, where?: RowFilter): boolean =>
  row !== null && (!where || Object.entries(where).every(([c, v]) => String(row[c]) === String(v)));

/**
 * A record that shows rows of a link table (entity_type, entity_id, and a reference to a definition) together with
 * the definitions' fields: categories, dynamic attributes. Its links change it, and so do the shown fields of the
 * definitions it links to.
 */
export function linkedDerivations(o: {
  links: string;
  entity: string;
  definitions: string;
  reference: string;
  shown: readonly string[];
}): Derivation[] {
  return [
    { table: o.links, where: { entity_type: o.entity }, match: { id: 'entity_id' } },
    {
      table: o.definitions,
      columns: o.shown,
      find: async ({ scope }, changes) => {
        const ids = changes.map((c) => Number((c.new ?? c.old)!.id));
        const rows: { entity_id: number }[] = await untyped(scope.db)
          .selectFrom(o.links)
          .select('entity_id')
          .where('entity_type', '=', o.entity)
          .where(o.reference, 'in', ids)
          .execute();
        return rows.map((r) => Number(r.entity_id));
      },
    },
  ];
}
