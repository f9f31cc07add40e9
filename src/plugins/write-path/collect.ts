// From the journal of one write to the records it changed: the net change of every row (first state before, last
// state after; a row back where it started is no change), the records whose rows changed, the records whose
// answers derive from changed rows (declared next to them, records.ts), their keys before and after (a rename
// shows as both), and `modified` stamped — one timestamp per write — on each changed record whose writer did not
// stamp it. docs/api/integration.md, "What counts as a change".
import { untyped } from '../../db/tenant-scope.js';
import { nowTimestamp } from '../../values/formats.js';
import type { Scope } from '../../tenancy/scope.js';
import type { JournalRow, WriteJournal } from './journal.js';
import {
  passes,
  type DeriveContext,
  type Derivation,
  type KeyPart,
  type RecordRegistry,
  type RecordType,
  type Row,
  type RowChange,
} from './records.js';

export interface RecordChange {
  type: RecordType;
  /** The record's row id. */
  id: string;
  /** Its row before the write (null: created) and after (null: deleted); the same row when only derived. */
  before: Row | null;
  after: Row | null;
  /** Its key parts before and after (different on a rename). */
  beforeKey: string[] | null;
  afterKey: string[] | null;
  /** Its row's `modified` was set in this write (by the writer, or here). */
  stamped: boolean;
  /** …here, by the write path (the writer did not). */
  stampedHere: boolean;
  /** Changed only through a derivation (its own row did not change). */
  derived: boolean;
  /** The authors the write path stamped on its row here (`created_by` on a creation, `modified_by`), if any. */
  authored?: { created_by?: string | null; modified_by: string | null };
}

const same = (a: unknown, b: unknown) =>
  a === b ||
  (a !== null &&
    b !== null &&
    typeof a === 'object' &&
    typeof b === 'object' &&
    JSON.stringify(a) === JSON.stringify(b));

function equalRows(a: Row, b: Row, ignored: ReadonlySet<string>): boolean {
  for (const k in a) if (!ignored.has(k) && !same(a[k] ?? null, b[k] ?? null)) return false;
  for (const k in b) if (!(k in a) && !ignored.has(k) && b[k] != null) return false;
  return true;
}

/** A timestamp as 'YYYY-MM-DD HH:MM:SS' (the journal's JSON writes PostgreSQL's with a T). */
const timestamp = (v: unknown) => (v == null ? null : String(v).replace('T', ' ').slice(0, 19));

/** Per table, per row identity: the row's state before the write and after it; rows that end as they began are left out. */
export function netChanges(rows: readonly JournalRow[], journal: WriteJournal): Map<string, Map<string, RowChange>> {
  const out = new Map<string, Map<string, RowChange>>();
  for (const r of rows) {
    const byId = out.get(r.table) ?? out.set(r.table, new Map()).get(r.table)!;
    const id = journal.identity(r.table, (r.new ?? r.old)!);
    const seen = byId.get(id);
    if (seen) seen.new = r.new;
    else byId.set(id, { table: r.table, old: r.old, new: r.new });
  }
  for (const [table, byId] of out) {
    for (const [id, c] of byId) {
      if (
        (c.old === null && c.new === null) ||
        (c.old !== null && c.new !== null && equalRows(c.old, c.new, journal.ignored(table)))
      )
        byId.delete(id);
    }
  }
  return out;
}

function relevant(d: Derivation, c: RowChange): boolean {
  if (!passes(c.old, d.where) && !passes(c.new, d.where)) return false;
  if (c.old === null || c.new === null || !d.columns) return true;
  return d.columns.some((col) => !same(c.old![col] ?? null, c.new![col] ?? null));
}

/**
 * `since`: when the write began ('YYYY-MM-DD HH:MM:SS'): a record whose `modified` is not older needs no stamp (its
 * writer set it, or another write of the same second did). `author`: the username of the employee who writes (null:
 * a service token), stamped as `modified_by` on every changed record, and `created_by` on a created one.
 */
export async function collectChanges(
  scope: Scope,
  registry: RecordRegistry,
  journal: WriteJournal,
  rows: readonly JournalRow[],
  since: string,
  author: string | null = null,
): Promise<RecordChange[]> {
  if (rows.length === 0) return [];
  const net = netChanges(rows, journal);
  if (net.size === 0) return [];
  const db = untyped(scope.db);
  const changesOf = (table: string) => [...(net.get(table)?.values() ?? [])];
  const records = new Map<string, RecordChange>();
  const { typesOf, derivedFrom } = registry.index;

  // Records whose own rows changed, in the order of the journal.
  for (const [table, changes] of net) {
    for (const type of typesOf.get(table) ?? []) {
      for (const [id, c] of changes) {
        const before = passes(c.old, type.where) ? c.old : null;
        const after = passes(c.new, type.where) ? c.new : null;
        if (!before && !after) continue;
        const stamped =
          after !== null &&
          after.modified != null &&
          (before === null || !same(before.modified, after.modified) || timestamp(after.modified)! >= since);
        records.set(`${type.type} ${id}`, {
          type,
          id,
          before,
          after,
          beforeKey: null,
          afterKey: null,
          stamped,
          stampedHere: false,
          derived: false,
        });
      }
    }
  }

  // Records whose answers derive from changed rows.
  const ctx: DeriveContext = {
    scope,
    changes: changesOf,
    before(table, now, filter) {
      const changed = net.get(table) ?? new Map<string, RowChange>();
      const kept = now.filter((r) => !changed.has(journal.identity(table, r)));
      return [...kept, ...[...changed.values()].flatMap((c) => (c.old && (!filter || filter(c.old)) ? [c.old] : []))];
    },
  };
  const byType = new Map<RecordType, Derivation[]>();
  for (const table of net.keys())
    for (const { type, derivation } of derivedFrom.get(table) ?? [])
      (byType.get(type) ?? byType.set(type, []).get(type)!).push(derivation);
  for (const [type, derivations] of byType) {
    const ids = new Set<string>();
    const rowsById = new Map<string, Row>();
    for (const d of derivations) {
      const changes = changesOf(d.table).filter((c) => relevant(d, c));
      if (changes.length === 0) continue;
      if (d.match) {
        for (const [column, source] of Object.entries(d.match)) {
          const values = [
            ...new Set(
              changes.flatMap((c) => [c.old?.[source], c.new?.[source]]).filter((v) => v !== null && v !== undefined),
            ),
          ];
          if (values.length === 0) continue;
          let q = db.selectFrom(type.table).select(journal.columns(type.table)).where(column, 'in', values);
          for (const [c, v] of Object.entries(type.where ?? {})) q = q.where(c, '=', v);
          for (const row of (await q.execute()) as Row[]) {
            ids.add(String(row.id));
            rowsById.set(String(row.id), row);
          }
        }
      }
      if (d.find) for (const id of await d.find(ctx, changes)) ids.add(String(id));
    }
    const missing = [...ids].filter((id) => !rowsById.has(id) && !records.has(`${type.type} ${id}`));
    for (let i = 0; i < missing.length; i += 500) {
      let q = db
        .selectFrom(type.table)
        .select(journal.columns(type.table))
        .where('id', 'in', missing.slice(i, i + 500).map(Number));
      for (const [c, v] of Object.entries(type.where ?? {})) q = q.where(c, '=', v);
      for (const row of (await q.execute()) as Row[]) rowsById.set(String(row.id), row);
    }
    for (const [id, row] of rowsById) {
      if (records.has(`${type.type} ${id}`)) continue;
      const stamped = row.modified != null && timestamp(row.modified)! >= since;
      records.set(`${type.type} ${id}`, {
        type,
        id,
        before: row,
        after: row,
        beforeKey: null,
        afterKey: null,
        stamped,
        stampedHere: false,
        derived: true,
      });
    }
  }

  const out = [...records.values()];
  await resolveKeys(scope, net, out);

  // `modified` of the changed records whose writer did not set it: one timestamp for the write; and their authors
  // where the row does not name this one yet. One UPDATE per table and set of columns.
  const now = nowTimestamp();
  const stamp = new Map<string, { table: string; set: Row; ids: string[] }>();
  const done = new Set<string>();
  for (const r of out) {
    if (r.after === null) continue;
    const table = r.type.table;
    const set: Row = {};
    if (!r.stamped && journal.hasModified(table)) {
      set.modified = now;
      r.stamped = r.stampedHere = true;
    }
    if (journal.hasAuthors(table)) {
      const created = r.before === null && !r.derived;
      if (created && (r.after.created_by ?? null) !== author) set.created_by = author;
      if ((r.after.modified_by ?? null) !== author) set.modified_by = author;
      if ('created_by' in set || 'modified_by' in set) {
        r.authored = { ...(created ? { created_by: author } : {}), modified_by: author };
        r.after = { ...r.after, ...(created ? { created_by: author } : {}), modified_by: author };
      }
    }
    const columns = Object.keys(set);
    // A row two record types share (a filter on one table) is stamped once.
    if (columns.length === 0 || done.has(`${table} ${r.id}`)) continue;
    done.add(`${table} ${r.id}`);
    const group = `${table} ${columns.join(',')}`;
    (stamp.get(group) ?? stamp.set(group, { table, set, ids: [] }).get(group)!).ids.push(r.id);
  }
  for (const { table, set, ids } of stamp.values()) {
    for (let i = 0; i < ids.length; i += 500)
      await db
        .updateTable(table)
        .set(set)
        .where('id', 'in', ids.slice(i, i + 500).map(Number))
        .execute();
  }
  return out;
}

/** Each record's key before and after: a part read from another row uses that row as it was before, or is now. */
async function resolveKeys(
  scope: Scope,
  net: Map<string, Map<string, RowChange>>,
  records: RecordChange[],
): Promise<void> {
  const wanted = new Map<string, { field: string; ids: Set<string> }>();
  const lookups = (parts: readonly KeyPart[]) =>
    parts.filter((p): p is Exclude<KeyPart, string> => typeof p !== 'string');
  for (const r of records) {
    for (const p of lookups(r.type.key ?? [])) {
      for (const row of [r.before, r.after]) {
        const v = row?.[p.column];
        if (v === null || v === undefined) continue;
        const w =
          wanted.get(`${p.table}.${p.field}`) ??
          wanted.set(`${p.table}.${p.field}`, { field: p.field, ids: new Set() }).get(`${p.table}.${p.field}`)!;
        w.ids.add(String(v));
      }
    }
  }
  // The rows as they are now (unchanged ones: also as they were).
  const current = new Map<string, Map<string, unknown>>();
  for (const [k, w] of wanted) {
    const table = k.slice(0, k.lastIndexOf('.'));
    const ids = [...w.ids].filter((id) => !net.get(table)?.has(id));
    const values = new Map<string, unknown>();
    if (ids.length) {
      const rows = (await untyped(scope.db)
        .selectFrom(table)
        .select(['id', w.field])
        .where('id', 'in', ids.map(Number))
        .execute()) as Row[];
      for (const row of rows) values.set(String(row.id), row[w.field]);
    }
    current.set(k, values);
  }
  const partValue = (p: KeyPart, row: Row, side: 'old' | 'new'): unknown => {
    if (typeof p === 'string') return row[p];
    const ref = row[p.column];
    if (ref === null || ref === undefined) return null;
    const changed = net.get(p.table)?.get(String(ref));
    if (changed) return changed[side]?.[p.field] ?? null;
    return current.get(`${p.table}.${p.field}`)?.get(String(ref)) ?? null;
  };
  const keyOf = (type: RecordType, row: Row | null, side: 'old' | 'new'): string[] | null => {
    if (row === null) return null;
    const parts = (type.key ?? ['id']).map((p) => partValue(p, row, side));
    return parts.some((v) => v === null || v === undefined || v === '') ? null : parts.map(String);
  };
  for (const r of records) {
    r.beforeKey = keyOf(r.type, r.before, 'old');
    r.afterKey = keyOf(r.type, r.after, 'new');
  }
}
