import type { TObject } from '@sinclair/typebox';
import { sortableFrom, type ListSpec } from '../../db/list-spec.js';

// Sorting by the writable fields (db/list-spec.ts `sortableFrom` derives them from a schema): every list gets the
// fields of the write bodies of its own path as sort fields, whatever module serves it. The app records each route's body as it is registered (`recordWriteRoute`, an
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
    const fromBodies = bodies.length
      ? sortableFrom(bodies, { columns: spec.sortColumns, unsortable: spec.unsortable, table: spec.sortTable })
      : {};
    out = { ...spec, sortable: { ...fromBodies, ...spec.sortable } };
    byUrl.set(url, out);
  }
  return out;
}
