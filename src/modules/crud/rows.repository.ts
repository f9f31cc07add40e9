// Plain tenant-scoped row operations for the small people/organisation tables (price groups, calendars,
// locations, devices, ...): find, insert, update, delete, uniqueness and "still in use" checks.
import { findReferences, type ReferenceCheck } from '../../db/references.js';
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ErrorBag } from '../../http/errors.js';
import { validationError } from '../../http/errors.js';
import { nowTimestamp } from '../../http/formats.js';
import type { Scope } from './crud.routes.js';

export type RowTable =
  | 'price_groups'
  | 'holiday_calendars'
  | 'holidays'
  | 'break_regulation_types'
  | 'locations'
  | 'location_lists'
  | 'vehicle_lists'
  | 'devices';

const any = (db: Kysely<DB>) => db as Kysely<any>;

export function findRow<T extends RowTable>(db: Kysely<DB>, table: T, tenantId: number, column: string, value: unknown): Promise<Selectable<DB[T]> | undefined> {
  return any(db).selectFrom(table as string).selectAll().where('tenant_id', '=', tenantId).where(column, '=', value).executeTakeFirst() as Promise<Selectable<DB[T]> | undefined>;
}

export function insertRow<T extends RowTable>(db: Kysely<DB>, table: T, tenantId: number, values: Record<string, unknown>): Promise<Selectable<DB[T]>> {
  const now = nowTimestamp();
  return any(db).insertInto(table as string).values({ ...values, tenant_id: tenantId, created: now, modified: now }).returningAll().executeTakeFirstOrThrow() as Promise<Selectable<DB[T]>>;
}

export function updateRow<T extends RowTable>(db: Kysely<DB>, table: T, tenantId: number, id: number, values: Record<string, unknown>): Promise<Selectable<DB[T]>> {
  return any(db)
    .updateTable(table as string)
    .set({ ...values, modified: nowTimestamp() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow() as Promise<Selectable<DB[T]>>;
}

export async function deleteRow(s: Scope, table: RowTable, id: number): Promise<void> {
  await any(s.db).deleteFrom(table).where('tenant_id', '=', s.tenantId).where('id', '=', Number(id)).execute();
}

/** Adds "The <words> has already been taken." when another row of the tenant has this value. */
export async function checkUnique(
  s: Scope,
  errors: ErrorBag,
  table: RowTable,
  field: string,
  value: unknown,
  opts: { column?: string; exceptId?: number; words?: string; scope?: [string, unknown] } = {},
): Promise<void> {
  if (value === undefined || value === null) return;
  let q = any(s.db).selectFrom(table).select('id').where('tenant_id', '=', s.tenantId).where(opts.column ?? field, '=', value);
  if (opts.scope) q = q.where(opts.scope[0], '=', opts.scope[1]);
  if (opts.exceptId !== undefined) q = q.where('id', '<>', opts.exceptId);
  if (await q.limit(1).executeTakeFirst()) errors.add(field, `The ${opts.words ?? field.replace(/_/g, ' ')} has already been taken.`);
}

/** 422 on `id` while other rows still reference the record (instead of a constraint error). */
export async function refuseWhileUsed(s: Scope, checks: readonly ReferenceCheck[], value: number | string): Promise<void> {
  const found = await findReferences(s.db, s.tenantId, checks, value);
  if (found.length) throw validationError({ id: found.map((what) => `The record is still used by ${what}.`) });
}
