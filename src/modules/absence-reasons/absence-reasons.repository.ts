// SQL for absence reasons; every query is scoped by tenant.
import { rowMapper } from '../../db/row-mapping.js';
import { equalsIgnoringCase } from '../../db/lookup.js';
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { AbsenceReasonsTable } from './absence-reasons.tables.js';
import type { ListSpec } from '../../db/list-spec.js';
import { nowTimestamp } from '../../values/formats.js';
import { AbsenceReason, type AbsenceReasonT, type AbsenceReasonUpdateT } from './absence-reasons.schemas.js';
import type { Scope } from '../../tenancy/scope.js';

export type AbsenceReasonRow = Selectable<AbsenceReasonsTable>;

export const absenceReasonListSpec: ListSpec = {
  key: ['name'],
  sortable: { name: 'name', color: 'color', type: 'type' },
};

export function listAbsenceReasons(db: TenantDb, filters: { external_id?: string }) {
  let q = db.selectFrom('absence_reasons').selectAll();
  if (filters.external_id !== undefined) q = q.where(equalsIgnoringCase('external_id', filters.external_id));
  return q;
}

export function findAbsenceReason(db: TenantDb, name: string) {
  return db.selectFrom('absence_reasons').selectAll().where('name', '=', name).executeTakeFirst();
}

const flag = (v: number | boolean | null | undefined) =>
  v === null || v === undefined ? v : Number(v === true || v === 1);

/** Request fields -> column values (only the fields present). */
export function toColumns(body: AbsenceReasonUpdateT): Partial<AbsenceReasonRow> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined) continue;
    out[k] = typeof v === 'boolean' ? flag(v) : v;
  }
  return out as Partial<AbsenceReasonRow>;
}

export async function insertAbsenceReason(db: TenantDb, body: AbsenceReasonUpdateT & { name: string }) {
  const now = nowTimestamp();
  return db
    .insertInto('absence_reasons', {
      allow_self_entry: 0,
      allow_half_day_holiday: 0,
      allow_hours_of_vacation: 0,
      inform_employee_upon_approval_or_revocation: 0,
      color: '#FF8800',
      type: 1,
      ...toColumns(body),
      name: body.name,
      created: now,
      modified: now,
    } as any)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateAbsenceReason(db: TenantDb, id: number, body: AbsenceReasonUpdateT) {
  return db
    .updateTable('absence_reasons')
    .set({ ...toColumns(body), modified: nowTimestamp() } as any)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteAbsenceReason(db: TenantDb, id: number) {
  await db.deleteFrom('absence_reasons').where('id', '=', id).execute();
}

const mapAbsenceReason = rowMapper(AbsenceReason, { labels: { type: 'absence_reason_type' } });
export const toAbsenceReason = (row: AbsenceReasonRow, language: string): AbsenceReasonT =>
  mapAbsenceReason(row, { language });

/** The absence reasons as the CRUD kit (modules/crud) lists, reads and writes them; the name is the key. */
export const absenceReasons = {
  list: ({ db }: Scope, query: { external_id?: string }) => listAbsenceReasons(db, query),
  find: ({ db }: Scope, name: string) => findAbsenceReason(db, name),
  show: ({ db }: Scope, row: AbsenceReasonRow) => toAbsenceReason(row, db.language),
  insert: ({ db }: Scope, body: AbsenceReasonUpdateT & { name: string }) => insertAbsenceReason(db, body),
  update: ({ db }: Scope, row: AbsenceReasonRow, changes: AbsenceReasonUpdateT) =>
    updateAbsenceReason(db, row.id, changes),
};
