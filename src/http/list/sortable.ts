// The sortable fields of a resource, derived from its writable schema (contract list conventions: "Sortable: the
// record key, its writable fields, created, modified"), so a field added to a write body sorts without anyone
// remembering to list it. docs/api/conventions.md "Sorting" states the rules.
import type { TObject } from '@sinclair/typebox';
import type { ListSpec, SortColumn } from './paging.js';

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
  return t.includes('array') || (t.includes('object') && t.every((x) => x === 'object' || x === 'null')) || (t.length === 0 && schema?.properties !== undefined);
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
  for (const schema of writable) for (const [field, prop] of Object.entries(schema.properties)) if (!isCompound(prop)) fields.add(field);
  for (const field of fields) {
    const mapped = opts.columns?.[field];
    if (mapped === false || (opts.unsortable && Object.hasOwn(opts.unsortable, field))) continue;
    const col: SortColumn = typeof mapped === 'object' ? mapped : { column: mapped ?? field, nullable: true };
    out[field] = { ...col, column: qualify(col.column) };
  }
  return out;
}

// The kit's half (issue 12 §2): every list gets the fields of the write bodies of its own path as sort fields,
// whatever module serves it. The app records each route's body as it is registered (`recordWriteRoute`, an
// onRoute hook); `listResponse` and the CRUD kit ask `withWritableSorts` with the list's route, so a new resource
// sorts by its writable fields without declaring anything. A field whose column is not the field's name is mapped
// in the list spec (`sortColumns`), one that sorts by nothing is listed in `unsortable` with the reason; fields the
// spec lists itself in `sortable` keep the spec's column.

/** Write bodies (POST on the list's path, PATCH/PUT on its item path) by list path, as registered. */
const writeBodies = new Map<string, Set<TObject>>();

/** onRoute hook: remember a POST body under its path and a PATCH/PUT body under its collection's path. */
export function recordWriteRoute(route: { method: string | string[]; url: string; schema?: { body?: unknown } }): void {
  const body = route.schema?.body as TObject | undefined;
  if (!body || typeof body !== 'object' || !body.properties) return;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  let collection: string | undefined;
  if (methods.includes('POST')) collection = route.url;
  else if (methods.some((m) => m === 'PATCH' || m === 'PUT')) collection = /^(.*)\/:[^/]+$/.exec(route.url)?.[1];
  if (collection === undefined) return;
  (writeBodies.get(collection) ?? writeBodies.set(collection, new Set()).get(collection)!).add(body);
}

const derived = new WeakMap<ListSpec, Map<string, ListSpec>>();

/** The spec with the writable fields of the list at `url` added to its sortable set (computed once per spec and path). */
export function withWritableSorts(spec: ListSpec, url: string | undefined): ListSpec {
  if (url === undefined || spec.fixedOrder) return spec;
  const byUrl = derived.get(spec) ?? derived.set(spec, new Map()).get(spec)!;
  let out = byUrl.get(url);
  if (!out) {
    const bodies = [...(writeBodies.get(url) ?? [])];
    const fromBodies = bodies.length ? sortableFrom(bodies, { columns: spec.sortColumns, unsortable: spec.unsortable, table: spec.sortTable }) : {};
    out = { ...spec, sortable: { ...fromBodies, ...spec.sortable } };
    byUrl.set(url, out);
  }
  return out;
}
