// Compiled queries: a query is built and compiled to SQL once per shape, then only its parameters
// change. Kysely otherwise builds, freezes, transforms and compiles the whole query tree on every call, which cost
// more CPU than SQLite itself on a customer detail. The SQL text is the same each time, so the driver's statement
// cache hits as well.
//
//   const employeeByName = preparedFirst((db, p: { username: string }) =>
//     db.selectFrom('employees').select(['id']).where('username', '=', p.username));
//   const row = await employeeByName(req.db, { username });
//
// The builder runs with placeholders for the tenant id and for `p`'s values, so it may use a value only as a
// value (in a comparison, an `in` list, a limit) — never decide anything on it. What it may decide on is part of
// the shape: whether a parameter is undefined or null, and the length of a list (`in` lists get one placeholder
// per item); each combination is compiled once. SELECTs only: writes bump the write version on their way through
// Kysely's plugins, which a compiled query skips.
import { type Compilable, type CompiledQuery, type Kysely } from 'kysely';
import type { DB } from './schema.js';
import { forTenant, type TenantDb } from './tenant-scope.js';

/** A placeholder for a parameter value (or one item of a list) while the query is built. */
class Slot {
  constructor(
    readonly name: string | null,
    readonly index = -1,
  ) {}
}
const TENANT = new Slot(null);

/** At most this many shapes per query (lists of many lengths); the oldest is compiled again when needed. */
const MAX_SHAPES = 64;

/** What the builder may decide on: undefined, null, list lengths; and the dialect, whose SQL differs. */
function shapeKey(kysely: Kysely<DB>, params: Record<string, unknown>): string {
  let key = '';
  for (const name in params) {
    const v = params[name];
    if (v === undefined) key += `${name}?`;
    else if (v === null) key += `${name}0`;
    else if (Array.isArray(v)) key += `${name}[${v.length}]`;
    else key += `${name}=`;
  }
  return kysely.getExecutor().adapter.constructor.name + key;
}

function placeholders(params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name in params) {
    const v = params[name];
    if (v === undefined || v === null) out[name] = v;
    else out[name] = Array.isArray(v) ? v.map((_, i) => new Slot(name, i)) : new Slot(name);
  }
  return out;
}

export function prepared<P extends object, O>(
  build: (db: TenantDb, p: P) => Compilable<O>,
): (db: TenantDb, params: P) => Promise<O[]> {
  const shapes = new Map<string, CompiledQuery<O>>();
  return async (db, params) => {
    const values = params as Record<string, unknown>;
    const key = shapeKey(db.kysely, values);
    let query = shapes.get(key);
    if (query === undefined) {
      query = build(forTenant(db.kysely, TENANT as unknown as number), placeholders(values) as P).compile();
      if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
      shapes.set(key, query);
    }
    const parameters = query.parameters.map((v) => {
      if (!(v instanceof Slot)) return v;
      if (v === TENANT) return db.tenantId;
      return v.index === -1 ? values[v.name!] : (values[v.name!] as unknown[])[v.index];
    });
    return (await db.kysely.executeQuery<O>({ ...query, parameters })).rows;
  };
}

/** The first row of a prepared query, or undefined. */
export function preparedFirst<P extends object, O>(
  build: (db: TenantDb, p: P) => Compilable<O>,
): (db: TenantDb, params: P) => Promise<O | undefined> {
  const all = prepared(build);
  return async (db, params) => (await all(db, params))[0];
}
