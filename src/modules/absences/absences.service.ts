// Creating, changing and deleting absences: the request's shape (absence-request.ts), references inside the tenant,
// the reason's rules, the approval workflow (booking/leave-approval.ts), the absence rules (absence-rules.ts) on the facts
// of the one loader, and the write of the absence with its leave application — in one transaction locked on the
// employee, the same lock the booking rules take, so racing absences and bookings cannot both pass their checks.
import { existsInTenant } from '../../db/lookup.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import { lockedTransaction } from '../../db/transaction.js';
import { employeeLockKey } from '../employees/employees.locks.js';
import { ErrorBag, notFound, violationsError } from '../../values/errors.js';
import { nowTimestamp } from '../../values/formats.js';
import { employeeCalendars, employmentPeriods } from '../../booking/working-day.repository.js';
import { closingsFor, holdMonths } from '../month-closings/month-closings.repository.js';
import { findAbsenceReason, type AbsenceReasonRow } from '../absence-reasons/absence-reasons.repository.js';
import type { Scope } from '../../tenancy/scope.js';
import type { AbsenceBody } from './absences.schemas.js';
import { monthsOf } from '../../values/dates.js';
import { closedMonths, employment, overlap } from './absence-rules.js';
import {
  editorOf,
  initialApproval,
  requestedApproval,
  rowToShape,
  shapeOf,
  type AbsenceShape,
} from './absence-request.js';
import { decide, LeaveStatus, NO_LONGER_COUNTING, stateOf } from '../../booking/leave-approval.js';
import {
  deleteAbsence,
  findAbsence,
  findApplication,
  insertAbsence,
  insertApplication,
  listAbsences,
  toAbsences,
  updateAbsence,
  updateApplication,
  type AbsenceFilters,
  type AbsenceRow,
  type ApplicationRow,
} from './absences.repository.js';

async function requireAbsence(db: TenantDb, id: number): Promise<AbsenceRow> {
  const row = await findAbsence(db, id);
  if (!row) throw notFound('Absence');
  return row;
}

/** The lock every write of an employee's bookings and absences takes. */
const employeeLock = (s: Scope, username: string) => [employeeLockKey(s.tenant.id, username)];

/** The reason's flags allow the shape: half days only with allow_half_day_holiday, hours only with allow_hours_of_vacation. */
function checkReason(shape: AbsenceShape, reason: AbsenceReasonRow | undefined, errors: ErrorBag): void {
  if (!reason) {
    errors.add('absence_reason_id', 'The selected absence reason id is invalid.');
    return;
  }
  const half = (['half_day_from', 'half_day_to'] as const).find((f) => shape[f]);
  if (half && !Number(reason.allow_half_day_holiday))
    errors.add(half, `The absence reason ${reason.name} does not allow half days.`);
  if (shape.hours !== null && !Number(reason.allow_hours_of_vacation))
    errors.add('hours', `The absence reason ${reason.name} does not allow hourly absences.`);
}

/** The approved flag and application status a PATCH leads to (422 on transitions the workflow refuses). */
function approvalChange(
  body: AbsenceBody,
  current: AbsenceRow,
  application: ApplicationRow | undefined,
  errors: ErrorBag,
) {
  const status = application ? Number(application.status) : null;
  const state = stateOf(!!Number(current.approved), status);
  let wanted = requestedApproval(body, errors);
  if (body.planned != null && wanted === undefined) {
    if (application) errors.add('planned', 'The absence has a leave application: decide it with approved.');
    else wanted = !body.planned;
  }
  if (body.approval_status === 'pending' && state !== 'requested')
    errors.add('approval_status', 'An absence cannot return to pending.');
  if (wanted === undefined) return { approved: !!Number(current.approved), status, changed: false };
  const decision = decide(state, wanted, body.approval_status === 'rejected');
  if ('refused' in decision) {
    errors.add('approved', decision.refused);
    return { approved: !!Number(current.approved), status, changed: false };
  }
  return decision;
}

/** Insert (no stored row) or update; the stored row is read again under the lock, so racing writes see each other. */
async function write(s: Scope, body: AbsenceBody, stored?: AbsenceRow): Promise<AbsenceRow> {
  const employee = stored?.employee_id ?? body.employee_id ?? '';
  return lockedTransaction(s.db, s.dialect, employeeLock(s, employee), async (trx) => {
    const current = stored && (await requireAbsence(trx, Number(stored.id)));
    const errors = new ErrorBag();
    const shape = shapeOf(body, current && rowToShape(current), errors);
    errors.throwIfAny();
    const editor = editorOf(body);
    const months = [
      ...new Set([
        ...monthsOf(shape.start_date, shape.end_date),
        ...(current ? monthsOf(current.start_date, current.end_date) : []),
      ]),
    ];
    await holdMonths(trx, s.dialect, months);
    const [employeeExists, reason, editorExists, periods, closed, application] = await Promise.all([
      existsInTenant(trx, 'employees', 'username', employee),
      findAbsenceReason(trx, shape.absence_reason_id),
      editor === null ? true : existsInTenant(trx, 'employees', 'username', editor),
      employmentPeriods(trx, employee),
      closingsFor(trx, employee, months),
      current ? findApplication(trx, current.leave_approval_application_id) : undefined,
    ]);
    if (!employeeExists) errors.add('employee_id', 'The selected employee id is invalid.');
    checkReason(shape, reason, errors);
    if (!editorExists)
      errors.add(
        body.status_edited_by != null ? 'status_edited_by' : 'approved_by',
        'The selected employee is invalid.',
      );
    const approval = current
      ? approvalChange(body, current, application, errors)
      : { ...initialApproval(body, Number(reason?.approve) === 1, errors), changed: true };
    errors.throwIfAny();

    const counts = approval.status === null || !NO_LONGER_COUNTING.includes(approval.status);
    const span = {
      ...shape,
      id: current ? Number(current.id) : 0,
      approved: approval.approved,
      reason_type: Number(reason!.type),
    };
    const calendar = (await employeeCalendars(trx, [employee], shape.start_date, shape.end_date)).get(employee)!;
    const closedNow = closedMonths(employee, shape, closed);
    const violations = [
      ...(closedNow.length || !current ? closedNow : closedMonths(employee, current, closed, true)),
      ...employment(employee, shape, periods),
      ...(counts ? overlap(employee, span, calendar.absences) : []),
    ];
    if (violations.length) throw violationsError(violations);

    const days = calendar.absenceDays(span);
    const decided = approval.changed && approval.status !== null && approval.status !== LeaveStatus.Requested;
    const decision = decided
      ? { status_edited_since: nowTimestamp(), status_edited_by: editor, status_note: body.status_note ?? null }
      : {};
    const values = { ...shape, approved: approval.approved };
    if (!current) {
      const applicationId =
        approval.status === null
          ? null
          : await insertApplication(trx, {
              employee_id: employee,
              requested_at: nowTimestamp(),
              number_of_days: days,
              start_date: shape.start_date,
              end_date: shape.end_date,
              note: shape.note,
              status: approval.status,
              ...decision,
            });
      return insertAbsence(trx, { ...values, leave_approval_application_id: applicationId });
    }
    if (application) {
      await updateApplication(trx, Number(application.id), {
        number_of_days: days,
        start_date: shape.start_date,
        end_date: shape.end_date,
        status: approval.status ?? Number(application.status),
        ...decision,
      });
    }
    return updateAbsence(trx, Number(current.id), values);
  });
}

export const createAbsence = (s: Scope, body: AbsenceBody): Promise<AbsenceRow> => write(s, body);

export const changeAbsence = (s: Scope, current: AbsenceRow, body: AbsenceBody): Promise<AbsenceRow> =>
  write(s, body, current);

/** DELETE: refused while the absence lies in a closed month; its leave application goes with it. */
export async function removeAbsence(s: Scope, stored: AbsenceRow): Promise<void> {
  await lockedTransaction(s.db, s.dialect, employeeLock(s, stored.employee_id), async (trx: TenantDb) => {
    const current = await requireAbsence(trx, Number(stored.id));
    const months = monthsOf(current.start_date, current.end_date);
    await holdMonths(trx, s.dialect, months);
    const closed = await closingsFor(trx, current.employee_id, monthsOf(current.start_date, current.end_date));
    const violations = closedMonths(current.employee_id, current, closed, true);
    if (violations.length) throw violationsError(violations);
    await deleteAbsence(trx, current);
  });
}

/** The absences as the CRUD kit (modules/crud) lists, reads and writes them. */
export const absences = {
  list: ({ db }: Scope, query: AbsenceFilters) => listAbsences(db, query),
  find: ({ db }: Scope, id: number) => findAbsence(db, id),
  show: async ({ db, tenant }: Scope, row: AbsenceRow) => (await toAbsences(db, tenant, [row]))[0],
  showMany: ({ db, tenant }: Scope, rows: AbsenceRow[]) => toAbsences(db, tenant, rows),
  insert: (s: Scope, body: AbsenceBody) => createAbsence(s, body),
  update: (s: Scope, row: AbsenceRow, changes: AbsenceBody) => changeAbsence(s, row, changes),
  remove: (s: Scope, row: AbsenceRow) => removeAbsence(s, row),
};
