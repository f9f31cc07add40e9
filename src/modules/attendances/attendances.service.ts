// Creating, changing, releasing and deleting bookings: input checks, references inside the tenant, every booking
// rule on the facts the one loader brings (booking/booking-facts.repository.ts), all violations turned into one
// 422, and the write — in one locked transaction.
import type { Insertable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import { lockedTransaction } from '../../db/transaction.js';
import { employeeLockKey } from '../employees/employees.locks.js';
import { projectLockKey } from '../projects/projects.locks.js';
import { ErrorBag, notFound, violationsError } from '../../values/errors.js';
import { nowTimestamp, today } from '../../values/formats.js';
import { evaluate, LOCK_RULES } from '../../booking/engine.js';
import type { Booking, BookingFacts, Violation } from '../../booking/facts.js';
import { bookingSettings } from '../../booking/settings.js';
import {
  employeeFacts,
  loadFacts,
  loadRefs,
  lockFacts,
  type BookingRefs,
} from '../../booking/booking-facts.repository.js';
import { endDateOf, spanOf } from '../../booking/time.js';
import { holdMonths } from '../month-closings/month-closings.repository.js';
import type { Scope } from '../../tenancy/scope.js';
import type { AttendancesTable } from './attendances.tables.js';
import type { AttendanceCreateT, AttendancePatchT } from './attendances.schemas.js';
import {
  deleteAttendance,
  findAttendance,
  insertAttendance,
  updateAttendance,
  type AttendanceRow,
} from './attendances.repository.js';
import {
  billableFor,
  billedLock,
  checkInvoiceItem,
  checkRefs,
  checkShape,
  immutable,
  rowToInput,
  type Input,
} from './attendance-checks.service.js';

export async function requireAttendance(db: TenantDb, id: number): Promise<AttendanceRow> {
  const row = await findAttendance(db, id);
  if (!row) throw notFound('Attendance');
  return row;
}

export const createAttendance = (s: Scope, body: AttendanceCreateT): Promise<AttendanceRow> =>
  write(s, body, body.billable, undefined);

export async function changeAttendance(s: Scope, id: number, patch: AttendancePatchT): Promise<AttendanceRow> {
  const current = await requireAttendance(s.db, id);
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const merged = { ...rowToInput(current), ...defined } as Input;
  // A billable flag only changes when submitted; a project change re-derives it from the new project.
  const projectChanged = patch.project_id !== undefined && patch.project_id !== Number(current.project_id);
  let billable = patch.billable;
  if (billable === undefined && !projectChanged) billable = !!current.billable;
  if (billable === undefined) delete merged.billable;
  // Where times are recorded the duration follows from/to: only a submitted one is checked against them.
  if (patch.duration === undefined && !bookingSettings(s.tenant).duration_only) delete merged.duration;
  return write(s, merged, patch.billable, current);
}

export async function removeAttendance(s: Scope, id: number): Promise<void> {
  const stored = await requireAttendance(s.db, id);
  // The employee's lock: a change of the approval date or the employment waits for the delete, or the delete for it.
  await lockedTransaction(s.db, s.dialect, [employeeLockKey(s.tenant.id, stored.employee_id)], async (trx) => {
    const current = await requireAttendance(trx, id);
    await holdMonths(trx, s.dialect, [current.date]);
    const violations = [
      ...immutable(current, s.tenant),
      ...(await billedLock(trx, s.dialect, current)),
      ...(await lockViolations(trx, s, current)),
    ];
    if (violations.length) throw violationsError(violations);
    await deleteAttendance(trx, id);
  });
}

export async function releaseAttendance(
  s: Scope,
  id: number,
  state: number,
  releasedBy: string | null,
): Promise<AttendanceRow> {
  await requireAttendance(s.db, id);
  if (releasedBy !== null && !(await employeeFacts(s.db, releasedBy)))
    new ErrorBag().add('project_released_by', 'The selected project released by is invalid.').throwIfAny();
  const released =
    state === 0
      ? { project_released_at: null, project_released_by: null }
      : { project_released_at: nowTimestamp(), project_released_by: releasedBy };
  return updateAttendance(s.db, id, { project_release: state, ...released, modified: nowTimestamp() });
}

async function write(
  s: Scope,
  input: Input,
  submittedBillable: boolean | null | undefined,
  current: AttendanceRow | undefined,
): Promise<AttendanceRow> {
  const { tenant } = s;
  const settings = bookingSettings(tenant);
  const locked = current ? immutable(current, s.tenant) : [];
  if (locked.length) throw violationsError(locked);
  const errors = new ErrorBag();
  const shape = checkShape(input, settings.duration_only, errors);
  errors.throwIfAny();
  const keys = [
    projectLockKey(tenant.id, input.project_id),
    employeeLockKey(tenant.id, input.employee_id),
    ...(current ? [employeeLockKey(tenant.id, current.employee_id)] : []),
  ];
  return lockedTransaction(s.db, s.dialect, keys, async (trx) => {
    const refs = await loadRefs(trx, {
      employee_id: input.employee_id,
      project_id: input.project_id,
      project_task_id: input.project_task_id,
      activity_id: input.activity_id,
      ticket_id: input.ticket_id ?? null,
      subtask_id: input.subtask_id ?? null,
      work_location_id: input.work_location_id ?? null,
      vehicle_id: shape.vehicle,
      date: input.date,
    });
    checkRefs(input, refs, errors);
    const billed = current ? await billedLock(trx, s.dialect, current) : [];
    if (billed.length) throw violationsError(billed);
    await checkInvoiceItem(trx, s.dialect, input, current, errors);
    const billable = billableFor(input, submittedBillable, refs, errors);
    errors.throwIfAny();

    const booking: Booking = {
      id: current ? Number(current.id) : undefined,
      employee_id: input.employee_id,
      date: input.date,
      from: shape.from,
      to: shape.to,
      duration: shape.duration,
      billable,
      is_travel: (input.is_travel ?? false) || (refs.activity?.is_travel ?? false),
      project_id: input.project_id,
      project_task_id: input.project_task_id,
      ticket_id: refs.ticket?.id ?? null,
      subtask_id: input.subtask_id ?? null,
    };
    await holdMonths(trx, s.dialect, [booking.date, current?.date]);
    const facts = await loadFacts(
      trx,
      booking,
      refs,
      settings,
      today(),
      current && {
        duration: Number(current.duration),
        project_id: current.project_id,
        project_task_id: current.project_task_id,
        ticket_id: current.ticket_id,
        subtask_id: current.subtask_id,
      },
    );
    const violations: Violation[] = [...(current ? await lockViolations(trx, s, current) : []), ...evaluate(facts)];
    if (violations.length) throw violationsError(dedupe(violations));

    const values = row(s, input, booking, shape, refs, current);
    if (current) return updateAttendance(trx, Number(current.id), values);
    return insertAttendance(trx, { ...values, created: values.modified });
  });
}

/** The stored form of a checked booking. */
function row(
  s: Scope,
  input: Input,
  booking: Booking,
  shape: ReturnType<typeof checkShape>,
  refs: BookingRefs,
  current: AttendanceRow | undefined,
): Omit<Insertable<AttendancesTable>, 'tenant_id'> {
  const span = spanOf(booking.date, booking.from, booking.to);
  return {
    employee_id: booking.employee_id,
    date: booking.date,
    time_from: booking.from,
    time_to: booking.to,
    end_date: endDateOf(booking.date, booking.to),
    start_at: span.start,
    end_at: span.end,
    duration: booking.duration,
    note: input.note ?? null,
    issue_id: s.tenant.modules.has('ticket_extension') ? (input.issue_id ?? null) : (current?.issue_id ?? null),
    department_id:
      current && current.employee_id === booking.employee_id
        ? current.department_id
        : (refs.employee?.department_id ?? null),
    billable: booking.billable,
    work_location_id: input.work_location_id ?? null,
    activity_id: input.activity_id,
    start: input.start ?? null,
    destination: input.destination ?? null,
    vehicle_id: shape.vehicle,
    private: input.private ?? null,
    passengers: input.passengers ?? null,
    km: input.km ?? null,
    direction_of_travel: shape.direction,
    project_id: booking.project_id,
    project_task_id: booking.project_task_id,
    ticket_id: booking.ticket_id,
    subtask_id: booking.subtask_id,
    invoice_item_id: input.invoice_item_id ?? null,
    work_location_is_project_relevant: input.work_location_is_project_relevant ?? false,
    locked: input.locked ?? null,
    is_travel: input.is_travel ?? false,
    color: input.color ?? null,
    modified: nowTimestamp(),
  };
}

/** Lock periods (closed month, approval date, recording period) applied to the booking as it is stored. */
async function lockViolations(db: TenantDb, s: Scope, stored: AttendanceRow): Promise<Violation[]> {
  const facts = {
    booking: { employee_id: stored.employee_id, date: stored.date },
    today: today(),
    settings: bookingSettings(s.tenant),
    ...(await lockFacts(db, stored.employee_id, stored.date)),
  };
  return evaluate(facts as BookingFacts, LOCK_RULES).map((v) => ({
    ...v,
    message: `The booking as stored is locked: ${v.message}`,
  }));
}

/** One violation per field and rule: a lock that holds for the stored and the new booking is reported once (as stored). */
function dedupe(violations: Violation[]): Violation[] {
  const seen = new Set<string>();
  return violations.filter((v) => !seen.has(`${v.field}\u0000${v.rule}`) && seen.add(`${v.field}\u0000${v.rule}`));
}
