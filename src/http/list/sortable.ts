// The sortable fields of a resource, derived from its writable schema (contract list conventions: "Sortable: the
// record key, its writable fields, created, modified"), so a field added to a write body sorts without anyone
// remembering to list it. docs/api/conventions.md "Sorting" states the rules.
import type { TObject } from '@sinclair/typebox';
import type { SortColumn } from './paging.js';

export interface SortableOptions {
  /** Field -> column where they differ (an alias, a joined table's column), or false: nothing to sort by (a write-only password). */
  columns?: Record<string, string | SortColumn | false>;
  /** Table alias the derived columns are qualified with (`p` -> `p.name`). */
  table?: string;
}

const isList = (schema: any) => schema?.type === 'array' || (Array.isArray(schema?.type) && schema.type.includes('array'));

/**
 * Every top-level property of the write bodies (create and update) as a sort field, plus `created` and `modified`;
 * lists (nested arrays) are not sortable. Columns sort nulls last ascending and first descending on both databases.
 * Spread the key and any explicit columns after it: `{ ...sortableFrom([Create, Update]), id: 'id' }`.
 */
export function sortableFrom(writable: TObject[], opts: SortableOptions = {}): Record<string, string | SortColumn> {
  const qualify = (column: string) => (opts.table && !column.includes('.') ? `${opts.table}.${column}` : column);
  const out: Record<string, string | SortColumn> = {};
  const fields = new Set(['created', 'modified']);
  for (const schema of writable) for (const [field, prop] of Object.entries(schema.properties)) if (!isList(prop)) fields.add(field);
  for (const field of fields) {
    const mapped = opts.columns?.[field];
    if (mapped === false) continue;
    const col: SortColumn = mapped === undefined ? { column: field, nullable: true } : typeof mapped === 'string' ? { column: mapped, nullable: true } : mapped;
    out[field] = { ...col, column: qualify(col.column) };
  }
  return out;
}
