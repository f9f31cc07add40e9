// SQL for absences and their leave approval applications; every query is scoped by tenant. Rows map to the live
// read shape (reference §4.1); a page loads its reasons and applications in one query each.
import type { Insertable, Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Tenant } from '../../tenancy/tenants.js';
import type { ListSpec } from '../../http/list/index.js';
import { decimalText, nowTimestamp, outDate, outTime, outTimestamp, toBool } from '../../http/formats.js';
import { labelled } from '../../http/labels.js';
import { toAbsenceReason } from '../absence-reasons/absence-reasons.repository.js';
import type { AbsencesTable, LeaveApprovalApplicationsTable } from './absences.tables.js';
import { AbsenceType, type AbsenceT, type EmployeeAbsenceT } from './absences.schemas.js';

export type AbsenceRow = Selectable<AbsencesTable>;
export type ApplicationRow = Selectable<LeaveApprovalApplicationsTable>;
export type AbsenceValues = Omit<Insertable<AbsencesTable>, 'tenant_id' | 'id' | 'created' | 'modified'>;
export type ApplicationValues = Omit<Insertable<LeaveApprovalApplicationsTable>, 'tenant_id' | 'id' | 'created' | 'modified'>;

const nullable = (column: string) => ({ column, nullable: true });
export const absenceListSpec: ListSpec = {
  key: ['id'],
  sortColumns: { comment: nullable('note') }, // the legacy name of `note`
  unsortable: {
    type: 'not stored: derived from hours and the half-day flags',
    planned: 'not stored: derived from `approved` and the leave application',
    approval_status: 'stored on the leave approval application, not on the absence',
    status_edited_by: 'stored on the leave approval application, not on the absence',
    approved_by: 'legacy name of status_edited_by, stored on the leave approval application',
    status_note: 'stored on the leave approval application, not on the absence',
    days: 'legacy and ignored: derived from the dates',
  },
  sortable: {
    id: 'id',
    employee_id: 'employee_id',
    start_date: 'start_date',
    end_date: 'end_date',
    absence_reason_id: 'absence_reason_id',
    hours: nullable('hours'),
    from: nullable('time_from'),
    to: nullable('time_to'),
    note: nullable('note'),
    approved: 'approved',
    timezone: nullable('timezone'),
    created: nullable('created'),
    modified: nullable('modified'),
  },
};

export interface AbsenceFilters {
  employee_id?: string;
  start_date?: string;
  end_date?: string;
}

/** The window filters keep absences that lie entirely inside it (reference §5, measured on the live system). */
export function listAbsences(db: TenantDb, f: AbsenceFilters) {
  let q = db.selectFrom('absences').selectAll();
  if (f.employee_id !== undefined) q = q.where('employee_id', '=', f.employee_id);
  if (f.start_date !== undefined) q = q.where('start_date', '>=', f.start_date);
  if (f.end_date !== undefined) q = q.where('end_date', '<=', f.end_date);
  return q;
}

export const findAbsence = (db: TenantDb, id: number) => db.selectFrom('absences').selectAll().where('id', '=', id).executeTakeFirst();

export function insertAbsence(db: TenantDb, values: AbsenceValues): Promise<AbsenceRow> {
  const now = nowTimestamp();
  return db.insertInto('absences', { ...values, created: now, modified: now }).returningAll().executeTakeFirstOrThrow();
}

export function updateAbsence(db: TenantDb, id: number, values: Partial<AbsenceValues>): Promise<AbsenceRow> {
  return db.updateTable('absences').set({ ...values, modified: nowTimestamp() }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteAbsence(db: TenantDb, row: AbsenceRow): Promise<void> {
  await db.deleteFrom('absences').where('id', '=', Number(row.id)).execute();
  if (row.leave_approval_application_id !== null) {
    const id = Number(row.leave_approval_application_id);
    const shared = await db.selectFrom('absences').select('id').where('leave_approval_application_id', '=', id).limit(1).executeTakeFirst();
    if (!shared) await db.deleteFrom('leave_approval_applications').where('id', '=', id).execute();
  }
}

export const findApplication = (db: TenantDb, id: number | null) =>
  id === null ? Promise.resolve(undefined) : db.selectFrom('leave_approval_applications').selectAll().where('id', '=', Number(id)).executeTakeFirst();

export async function insertApplication(db: TenantDb, values: ApplicationValues): Promise<number> {
  const now = nowTimestamp();
  const row = await db.insertInto('leave_approval_applications', { ...values, created: now, modified: now }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateApplication(db: TenantDb, id: number, values: Partial<ApplicationValues>): Promise<void> {
  await db.updateTable('leave_approval_applications').set({ ...values, modified: nowTimestamp() }).where('id', '=', id).execute();
}

/** Response `type` of a stored absence. */
export function absenceType(row: Pick<AbsenceRow, 'hours' | 'start_date' | 'end_date' | 'half_day_from' | 'half_day_to'>): number {
  if (row.hours !== null) return AbsenceType.Hourly;
  const half = toBool(row.half_day_from) || toBool(row.half_day_to);
  return half && row.start_date === row.end_date ? AbsenceType.Half : AbsenceType.Full;
}

export function toEmployeeAbsence(row: AbsenceRow): EmployeeAbsenceT {
  return {
    id: Number(row.id),
    employee_id: row.employee_id,
    type: absenceType(row),
    start_date: outDate(row.start_date)!,
    end_date: outDate(row.end_date)!,
    hours: decimalText(row.hours, 10),
    from: outTime(row.time_from),
    to: outTime(row.time_to),
    note: row.note,
    approved: toBool(row.approved) ?? false,
    timezone: row.timezone,
    created: outTimestamp(row.created),
    modified: outTimestamp(row.modified),
    absence_reason_id: row.absence_reason_id,
    half_day_from: toBool(row.half_day_from) ?? false,
    half_day_to: toBool(row.half_day_to) ?? false,
  };
}

export function toApplication(row: ApplicationRow, tenant: Pick<Tenant, 'language'>): NonNullable<AbsenceT['leaveApprovalApplication']> {
  const status = Number(row.status);
  return {
    id: Number(row.id),
    employee_id: row.employee_id,
    requested_at: row.requested_at.slice(0, 19),
    number_of_days: decimalText(Number(row.number_of_days), 10)!,
    start_date: row.start_date,
    end_date: row.end_date,
    note: row.note,
    status: labelled(tenant.language, 'leave_status', status)!,
    recipient: row.recipient,
    recipient_cc: row.recipient_cc,
    recipient_bcc: row.recipient_bcc,
    status_edited_since: row.status_edited_since?.slice(0, 19) ?? null,
    status_edited_by: row.status_edited_by,
    status_note: row.status_note,
    absence_text: row.absence_text,
  };
}

/** Absences of a page with their reason and application: one query for the reasons, one for the applications. */
export async function toAbsences(db: TenantDb, tenant: Tenant, rows: AbsenceRow[]): Promise<AbsenceT[]> {
  const names = [...new Set(rows.map((r) => r.absence_reason_id))];
  const ids = [...new Set(rows.map((r) => r.leave_approval_application_id).filter((id): id is number => id !== null).map(Number))];
  const [reasons, applications] = await Promise.all([
    names.length ? db.selectFrom('absence_reasons').selectAll().where('name', 'in', names).execute() : [],
    ids.length ? db.selectFrom('leave_approval_applications').selectAll().where('id', 'in', ids).execute() : [],
  ]);
  const reasonByName = new Map(reasons.map((r) => [r.name, toAbsenceReason(r, db.language)]));
  const applicationById = new Map(applications.map((a) => [Number(a.id), toApplication(a, tenant)]));
  return rows.map((r) => ({
    ...toEmployeeAbsence(r),
    absenceReason: reasonByName.get(r.absence_reason_id)!,
    leaveApprovalApplication: r.leave_approval_application_id === null ? null : (applicationById.get(Number(r.leave_approval_application_id)) ?? null),
  }));
}
