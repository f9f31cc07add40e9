// A resource's list spec: its record key, its sortable fields and the columns they sort by. Repositories declare
// it; http/list/ pages by it.
//
// The sortable fields of a resource, derived from its writable schema (contract list conventions: "Sortable: the
// record key, its writable fields, created, modified"), so a field added to a write body sorts without anyone
// remembering to list it. docs/api/conventions.md "Sorting" states the rules.
import type { TObject } from '@sinclair/typebox';
import type { RawBuilder } from 'kysely';

export interface SortColumn {
  column: string;
  /**
   * A field derived from stored values sorts by its derivation in SQL, written for both databases (an absence's
   * `type` from its hours and half days); `column` then only names it. Subqueries scope their tables by tenant.
   */
  expression?: RawBuilder<unknown>;
  /** Nullable columns get an explicit NULLS placement so both databases order them alike. */
  nullable?: boolean;
  /** The column runs the other way round from the field (customers' `status` 1 active is `inactive` false). */
  inverted?: boolean;
}

export interface ListSpec {
  /** Columns of the record key, unique within a tenant; they break ties so paging is stable. */
  key: string[];
  /** Response field name -> column: the key and sorts beyond the write bodies (theirs are added by withWritableSorts). */
  sortable: Record<string, string | SortColumn>;
  /** Written fields whose column differs from the field name (or false: none). */
  sortColumns?: Record<string, string | SortColumn | false>;
  /** Written fields that sort by nothing, each with the reason; listed next to the resource. */
  unsortable?: Record<string, string>;
  /** Table alias the columns of written fields are qualified with. */
  sortTable?: string;
  /** Sort field when orderBy is absent or unknown (defaults to the key). */
  defaultSort?: string;
  /** Column of the modification timestamp; false when the resource has none. */
  modified?: string | false;
  /** Fixed order that ignores orderBy/order (e.g. GET /projects/{id}/employees keeps its own order). */
  fixedOrder?: { column: string; direction: 'asc' | 'desc'; nullable?: boolean }[];
  /** Fixed page size that ignores `limit` (e.g. GET /offers/{id}/items takes `page` only). */
  pageSize?: number;
}

export interface SortableOptions {
  /** Field -> column where they differ (an alias, a joined table's column), or false: nothing to sort by (a write-only password). */
  columns?: Record<string, string | SortColumn | false>;
  /** Written fields that sort by nothing, each with the reason (a write-only password, a value stored elsewhere). */
  unsortable?: Record<string, string>;
  /** Table alias the derived columns are qualified with (`p` -> `p.name`). */
  table?: string;
}

const typesOf = (schema: any): string[] => {
  if (schema?.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
};
/** Lists (nested arrays, keyword lists) and free objects (translations) have no order; enumerated inputs do. */
const isCompound = (schema: any) => {
  const t = typesOf(schema);
  return (
    t.includes('array') ||
    (t.includes('object') && t.every((x) => x === 'object' || x === 'null')) ||
    (t.length === 0 && schema?.properties !== undefined)
  );
};

/**
 * Every top-level property of the write bodies (create and update) as a sort field, plus `created` and `modified`;
 * lists and free objects (translations) are not sortable. Columns sort nulls last ascending and first descending on both databases.
 * Spread the key and any explicit columns after it: `{ ...sortableFrom([Create, Update]), id: 'id' }`.
 */
export function sortableFrom(writable: TObject[], opts: SortableOptions = {}): Record<string, string | SortColumn> {
  const qualify = (column: string) => (opts.table && !column.includes('.') ? `${opts.table}.${column}` : column);
  const out: Record<string, string | SortColumn> = {};
  const fields = new Set(['created', 'modified']);
  for (const schema of writable)
    for (const [field, prop] of Object.entries(schema.properties)) if (!isCompound(prop)) fields.add(field);
  for (const field of fields) {
    const mapped = opts.columns?.[field];
    if (mapped === false || (opts.unsortable && Object.hasOwn(opts.unsortable, field))) continue;
    const col: SortColumn = typeof mapped === 'object' ? mapped : { column: mapped ?? field, nullable: true };
    out[field] = { ...col, column: qualify(col.column) };
  }
  return out;
}
