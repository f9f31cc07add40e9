// SQL for absences and their leave approval applications; every query is scoped by tenant. Rows map to the live
// read shape (docs/api/absences.md); a page loads its reasons and applications in one query each.
import { sql, type Insertable, type Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import { authorsOf } from '../../db/row-mapping.js';
import type { Scope } from '../../tenancy/scope.js';
import { tenantTimezone, type Tenant } from '../../tenancy/tenants.js';
import type { ListSpec } from '../../db/list-spec.js';
import { decimalText, nowTimestamp, outDate, outTime, outTimestamp, toBool } from '../../values/formats.js';
import { labelled } from '../../values/labels.js';
import { toAbsenceReason } from '../absence-reasons/absence-reasons.repository.js';
import type { AbsencesTable, LeaveApprovalApplicationsTable } from './absences.tables.js';
import { AbsenceType, type AbsenceT, type EmployeeAbsenceT } from './absences.schemas.js';

export type AbsenceRow = Selectable<AbsencesTable>;
export type ApplicationRow = Selectable<LeaveApprovalApplicationsTable>;
export type AbsenceValues = Omit<Insertable<AbsencesTable>, 'tenant_id' | 'id' | 'created' | 'modified'>;
export type ApplicationValues = Omit<
  Insertable<LeaveApprovalApplicationsTable>,
  'tenant_id' | 'id' | 'created' | 'modified'
>;

const nullable = (column: string) => ({ column, nullable: true });
/** A field stored on the absence's leave application sorts by that value (null without an application). */
const onApplication = (column: string) => ({
  column: `application.${column}`,
  nullable: true,
  expression: sql`(SELECT ${sql.ref(`a.${column}`)} FROM leave_approval_applications a WHERE a.tenant_id = absences.tenant_id AND a.id = absences.leave_approval_application_id)`,
});
/** Every written field sorts (docs/api/conventions.md "Sorting"); derived ones by their derivation, in SQL. */
export const absenceListSpec: ListSpec = {
  key: ['id'],
  sortColumns: { comment: nullable('note') }, // the legacy name of `note`
  sortable: {
    // The read `type` (absenceType): 2 hourly, 1 a single half day, 0 otherwise.
    type: {
      column: 'type',
      expression: sql`CASE WHEN absences.hours IS NOT NULL THEN 2 WHEN absences.start_date = absences.end_date AND (absences.half_day_from OR absences.half_day_to) THEN 1 ELSE 0 END`,
    },
    // Only planned: not approved and without a leave application (false before true).
    planned: {
      column: 'planned',
      expression: sql`CASE WHEN NOT absences.approved AND absences.leave_approval_application_id IS NULL THEN 1 ELSE 0 END`,
    },
    approval_status: onApplication('status'), // 0 requested, 1 approved, 2 rejected, 3 revoked
    status_edited_by: onApplication('status_edited_by'),
    approved_by: onApplication('status_edited_by'),
    status_note: onApplication('status_note'),
    days: onApplication('number_of_days'), // the legacy day count is the application's number_of_days
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

/** The window filters keep absences that lie entirely inside it (docs/api/conventions.md, measured on the live system). */
export function listAbsences(db: TenantDb, f: AbsenceFilters) {
  let q = db.selectFrom('absences').selectAll();
  if (f.employee_id !== undefined) q = q.where('employee_id', '=', f.employee_id);
  if (f.start_date !== undefined) q = q.where('start_date', '>=', f.start_date);
  if (f.end_date !== undefined) q = q.where('end_date', '<=', f.end_date);
  return q;
}

export const findAbsence = (db: TenantDb, id: number) =>
  db.selectFrom('absences').selectAll().where('id', '=', id).executeTakeFirst();

export function insertAbsence(db: TenantDb, values: AbsenceValues): Promise<AbsenceRow> {
  const now = nowTimestamp();
  return db
    .insertInto('absences', { ...values, created: now, modified: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateAbsence(db: TenantDb, id: number, values: Partial<AbsenceValues>): Promise<AbsenceRow> {
  return db
    .updateTable('absences')
    .set({ ...values, modified: nowTimestamp() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteAbsence(db: TenantDb, row: AbsenceRow): Promise<void> {
  await db.deleteFrom('absences').where('id', '=', Number(row.id)).execute();
  if (row.leave_approval_application_id !== null) {
    const id = Number(row.leave_approval_application_id);
    const shared = await db
      .selectFrom('absences')
      .select('id')
      .where('leave_approval_application_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (!shared) await db.deleteFrom('leave_approval_applications').where('id', '=', id).execute();
  }
}

export const findApplication = (db: TenantDb, id: number | null) =>
  id === null
    ? Promise.resolve(undefined)
    : db.selectFrom('leave_approval_applications').selectAll().where('id', '=', Number(id)).executeTakeFirst();

export async function insertApplication(db: TenantDb, values: ApplicationValues): Promise<number> {
  const now = nowTimestamp();
  const row = await db
    .insertInto('leave_approval_applications', { ...values, created: now, modified: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateApplication(db: TenantDb, id: number, values: Partial<ApplicationValues>): Promise<void> {
  await db
    .updateTable('leave_approval_applications')
    .set({ ...values, modified: nowTimestamp() })
    .where('id', '=', id)
    .execute();
}

/** Response `type` of a stored absence. */
export function absenceType(
  row: Pick<AbsenceRow, 'hours' | 'start_date' | 'end_date' | 'half_day_from' | 'half_day_to'>,
): number {
  if (row.hours !== null) return AbsenceType.Hourly;
  const half = toBool(row.half_day_from) || toBool(row.half_day_to);
  return half && row.start_date === row.end_date ? AbsenceType.Half : AbsenceType.Full;
}

/** The read fields in the live order, with the shape's `hours` and `note` (toEmployeeAbsence, toAbsences). */
function readFields<H, N>(row: AbsenceRow, tenant: Pick<Tenant, 'settings'>, hours: H, note: N) {
  return {
    id: Number(row.id),
    employee_id: row.employee_id,
    type: absenceType(row),
    start_date: outDate(row.start_date)!,
    end_date: outDate(row.end_date)!,
    hours,
    from: outTime(row.time_from),
    to: outTime(row.time_to),
    note,
    approved: toBool(row.approved) ?? false,
    // An absence without a zone of its own lies in the tenant's (the live system shows a zone on every absence).
    timezone: row.timezone ?? tenantTimezone(tenant),
    created: outTimestamp(row.created),
    modified: outTimestamp(row.modified),
    ...authorsOf(row),
    absence_reason_id: row.absence_reason_id,
    half_day_from: toBool(row.half_day_from) ?? false,
    half_day_to: toBool(row.half_day_to) ?? false,
  };
}

/** GET /employees/{username}/absences: hours a number, note "" when none (OpenAPI 7.4.0 EmployeeAbsence, live). */
export function toEmployeeAbsence(row: AbsenceRow, tenant: Pick<Tenant, 'settings'>): EmployeeAbsenceT {
  return readFields(row, tenant, row.hours === null ? null : Number(row.hours), row.note ?? '');
}

export function toApplication(
  row: ApplicationRow,
  tenant: Pick<Tenant, 'language'>,
): NonNullable<AbsenceT['leaveApprovalApplication']> {
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
  const ids = [
    ...new Set(
      rows
        .map((r) => r.leave_approval_application_id)
        .filter((id): id is number => id !== null)
        .map(Number),
    ),
  ];
  const [reasons, applications] = await Promise.all([
    names.length ? db.selectFrom('absence_reasons').selectAll().where('name', 'in', names).execute() : [],
    ids.length ? db.selectFrom('leave_approval_applications').selectAll().where('id', 'in', ids).execute() : [],
  ]);
  const reasonByName = new Map(reasons.map((r) => [r.name, toAbsenceReason(r, db.language)]));
  const applicationById = new Map(applications.map((a) => [Number(a.id), toApplication(a, tenant)]));
  return rows.map((r) => ({
    ...readFields(r, tenant, decimalText(r.hours, 10), r.note),
    absenceReason: reasonByName.get(r.absence_reason_id)!,
    leaveApprovalApplication:
      r.leave_approval_application_id === null
        ? null
        : (applicationById.get(Number(r.leave_approval_application_id)) ?? null),
  }));
}

/** The absences of an employee as the CRUD kit (modules/crud) lists and reads them below /employees/{username}. */
export const employeeAbsences = {
  list: ({ db }: Scope, _query: unknown, employee: { username: string }) =>
    listAbsences(db, { employee_id: employee.username }),
  find: ({ db }: Scope, id: number) => findAbsence(db, id),
  show: ({ tenant }: Scope, row: AbsenceRow) => toEmployeeAbsence(row, tenant),
};
