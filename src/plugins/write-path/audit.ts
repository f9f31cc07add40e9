// What a write changed in each record's row, for the audit trail (docs/api/integration.md, "Audit events"): the
// columns whose values differ between the row before the write and after it, as the write journal captured them
// (collect.ts nets them per row). The journal already holds both images, so this costs no query; a record changed
// only through a derivation (its row as it was) has none.
import type { FieldChanges } from '../../values/changes.js';
import type { RecordChange } from './collect.js';

const same = (a: unknown, b: unknown) =>
  a === b || (a !== null && b !== null && typeof a === 'object' && JSON.stringify(a) === JSON.stringify(b));

/**
 * The changed columns of a record's row, each with its old and new value: for a creation the columns it was given
 * (old null), for a deletion those it had (new null). `ignored`: columns that are no change (`modified`, internal).
 */
export function fieldChanges(
  change: RecordChange,
  op: 'create' | 'update' | 'delete',
  ignored: ReadonlySet<string>,
): FieldChanges {
  const before = op === 'create' ? null : change.before;
  const after = op === 'delete' ? null : change.after;
  const out: FieldChanges = {};
  if (change.derived) return out;
  const columns = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const column of columns) {
    if (column === 'tenant_id' || ignored.has(column)) continue;
    const old = before?.[column] ?? null;
    const now = after?.[column] ?? null;
    if (!same(old, now)) out[column] = { old, new: now };
  }
  return out;
}
