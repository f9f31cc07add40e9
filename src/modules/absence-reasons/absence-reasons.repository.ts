// SQL for absence reasons; every query is scoped by tenant.
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { AbsenceReasonsTable } from './absence-reasons.tables.js';
import type { ListSpec } from '../../http/list/index.js';
import { nowTimestamp, outTimestamp } from '../../http/formats.js';
import { ABSENCE_REASON_TYPES, type AbsenceReasonT, type AbsenceReasonUpdateT } from './absence-reasons.schemas.js';

export type AbsenceReasonRow = Selectable<AbsenceReasonsTable>;

export const absenceReasonListSpec: ListSpec = {
  key: ['name'],
  sortable: {
    name: 'name',
    comment: { column: 'comment', nullable: true },
    color: 'color',
    type: 'type',
    external_id: { column: 'external_id', nullable: true },
    created: { column: 'created', nullable: true },
    modified: { column: 'modified', nullable: true },
  },
};

export function listAbsenceReasons(db: Kysely<DB>, tenantId: number, filters: { external_id?: string }) {
  let q = db.selectFrom('absence_reasons').selectAll().where('tenant_id', '=', tenantId);
  if (filters.external_id !== undefined) q = q.where('external_id', '=', filters.external_id);
  return q;
}

export function findAbsenceReason(db: Kysely<DB>, tenantId: number, name: string) {
  return db.selectFrom('absence_reasons').selectAll().where('tenant_id', '=', tenantId).where('name', '=', name).executeTakeFirst();
}

const flag = (v: number | boolean | null | undefined) => (v === null || v === undefined ? v : v === true || v === 1 ? 1 : 0);

/** Request fields -> column values (only the fields present). */
export function toColumns(body: AbsenceReasonUpdateT): Partial<AbsenceReasonRow> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined) continue;
    out[k] = typeof v === 'boolean' ? flag(v) : v;
  }
  return out as Partial<AbsenceReasonRow>;
}

export async function insertAbsenceReason(db: Kysely<DB>, tenantId: number, body: AbsenceReasonUpdateT & { name: string }) {
  const now = nowTimestamp();
  return db
    .insertInto('absence_reasons')
    .values({
      allow_self_entry: 0,
      allow_half_day_holiday: 0,
      allow_hours_of_vacation: 0,
      inform_employee_upon_approval_or_revocation: 0,
      color: '#FF8800',
      type: 1,
      ...toColumns(body),
      name: body.name,
      tenant_id: tenantId,
      created: now,
      modified: now,
    } as any)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateAbsenceReason(db: Kysely<DB>, tenantId: number, id: number, body: AbsenceReasonUpdateT) {
  return db
    .updateTable('absence_reasons')
    .set({ ...toColumns(body), modified: nowTimestamp() } as any)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteAbsenceReason(db: Kysely<DB>, tenantId: number, id: number) {
  await db.deleteFrom('absence_reasons').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export function toAbsenceReason(row: AbsenceReasonRow): AbsenceReasonT {
  return {
    name: row.name,
    comment: row.comment,
    approve: row.approve,
    allow_self_entry: row.allow_self_entry,
    allow_half_day_holiday: row.allow_half_day_holiday,
    allow_hours_of_vacation: row.allow_hours_of_vacation,
    anyone_can_see_name: row.anyone_can_see_name,
    color: row.color,
    type: { id: row.type, name: ABSENCE_REASON_TYPES[row.type] ?? String(row.type) },
    client_calendar_category: row.client_calendar_category,
    inform_employee_upon_approval_or_revocation: row.inform_employee_upon_approval_or_revocation,
    external_id: row.external_id,
    created: outTimestamp(row.created),
    modified: outTimestamp(row.modified),
  };
}
