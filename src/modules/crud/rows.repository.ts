// Plain tenant-scoped row operations every resource shares: find, insert (with created/modified), update,
// delete, the one uniqueness check (422 "… has already been taken."), and the "still in use" refusal.
import type { Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import { untyped, type TenantDb, type TenantTable } from '../../db/tenant-scope.js';
import { findReferences } from '../../db/references.js';
import { equalsIgnoringCase } from '../../db/lookup.js';
import { ErrorBag, validationError } from '../../values/errors.js';
import { nowTimestamp } from '../../values/formats.js';

export type Row<T extends TenantTable> = Selectable<DB[T]>;

export function findRow<T extends TenantTable>(
  db: TenantDb,
  table: T,
  column: string,
  value: unknown,
): Promise<Row<T> | undefined> {
  return untyped(db).selectFrom(table).selectAll().where(column, '=', value).executeTakeFirst() as Promise<
    Row<T> | undefined
  >;
}

/** Insert a row with created/modified set to now. */
export function insertRow<T extends TenantTable>(
  db: TenantDb,
  table: T,
  values: Record<string, unknown>,
): Promise<Row<T>> {
  const now = nowTimestamp();
  return untyped(db)
    .insertInto(table, { ...values, created: now, modified: now })
    .returningAll()
    .executeTakeFirstOrThrow() as Promise<Row<T>>;
}

/** Update the row with this id (modified set to now). */
export function updateRow<T extends TenantTable>(
  db: TenantDb,
  table: T,
  id: number,
  values: Record<string, unknown>,
): Promise<Row<T>> {
  return untyped(db)
    .updateTable(table)
    .set({ ...values, modified: nowTimestamp() })
    .where('id', '=', Number(id))
    .returningAll()
    .executeTakeFirstOrThrow() as Promise<Row<T>>;
}

export async function deleteRow(db: TenantDb, table: TenantTable, id: number): Promise<void> {
  await untyped(db).deleteFrom(table).where('id', '=', Number(id)).execute();
}

export interface UniqueOptions {
  /** Column holding the field (default: the field's name). */
  column?: string;
  /** The record being changed, which may keep its own value. */
  exceptId?: number;
  /** Words for "The <words> has already been taken." (default: the field with spaces). */
  words?: string;
  /** The whole message instead. */
  message?: string;
  /** Uniqueness within a part of the tenant, e.g. { employee_id: 'max' } (null matches null). */
  where?: Record<string, unknown>;
  /** null is a value like any other (one row without a start date per owner); by default null is never taken. */
  matchNull?: boolean;
}

/** The one uniqueness check: adds the field's message when another row of the tenant has this value. */
export async function checkUnique(
  db: TenantDb,
  errors: ErrorBag,
  table: TenantTable,
  field: string,
  value: unknown,
  opts: UniqueOptions = {},
): Promise<void> {
  if (value === undefined || (value === null && !opts.matchNull)) return;
  const column = opts.column ?? field;
  let q = untyped(db).selectFrom(table).select('tenant_id');
  // Keys and names are unique regardless of case ("ABC" takes "abc"), as on the real system's MySQL collation.
  // A value without cased letters (a date, a number as text) compares exactly, which is the same and keeps the
  // column's type (PostgreSQL has no lower(date)).
  const cased = typeof value === 'string' && value.toLowerCase() !== value.toUpperCase();
  if (value === null) q = q.where(column, 'is', null);
  else q = cased ? q.where(equalsIgnoringCase(column, value as string)) : q.where(column, '=', value);
  for (const [column, v] of Object.entries(opts.where ?? {}))
    q = v === null ? q.where(column, 'is', null) : q.where(column, '=', v);
  if (opts.exceptId !== undefined) q = q.where('id', '<>', Number(opts.exceptId));
  if (await q.limit(1).executeTakeFirst())
    errors.add(field, opts.message ?? `The ${opts.words ?? field.replace(/_/g, ' ')} has already been taken.`);
}

/** checkUnique for a single field: throws its 422 at once. */
export async function assertUnique(
  db: TenantDb,
  table: TenantTable,
  field: string,
  value: unknown,
  opts: UniqueOptions = {},
): Promise<void> {
  const errors = new ErrorBag();
  await checkUnique(db, errors, table, field, value, opts);
  errors.throwIfAny();
}

/**
 * 422 (on `id` unless another field is named) while rows of other records still refer to this record of `table`
 * (the references the modules declare, db/references.ts), instead of a constraint error.
 */
export async function refuseWhileUsed(
  db: TenantDb,
  table: TenantTable,
  record: object,
  message = (what: string) => `The record is still used by ${what}.`,
  field = 'id',
): Promise<void> {
  const found = await findReferences(db, table, record);
  if (found.length) throw validationError({ [field]: found.map(message) });
}
