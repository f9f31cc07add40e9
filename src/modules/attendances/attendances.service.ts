// Creating, changing and deleting bookings: input normalisation, references inside the tenant, the booking
// rules (all violations at once) and the write, in one locked transaction (issue 6).
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Dialect } from '../../db/dialect.js';
import type { Tenant } from '../../tenancy/tenants.js';
import type { AttendancesTable } from './attendances.tables.js';
import { lockedTransaction } from '../../db/transaction.js';
import { ErrorBag, notFound } from '../../http/errors.js';
import { inTime, nowTimestamp, today } from '../../http/formats.js';
import { evaluate, LOCK_RULES, violationsError } from '../../booking/engine.js';
import { DEFAULT_BOOKING_SETTINGS, type Booking, type BookingFacts, type Violation } from '../../booking/facts.js';
import { bookingSettings } from '../../booking/settings.js';
import { durationHours, endDateOf, endsAfterStart, spanOf } from '../../booking/time.js';
import { DIRECTION_ALIASES, LOCKING_RELEASE_STATES, type AttendanceCreateT, type AttendancePatchT } from './attendances.schemas.js';
import { deleteAttendance, findAttendance, insertAttendance, updateAttendance, type AttendanceRow } from './attendances.repository.js';
import { loadFacts, loadRefs, type BookingRefs } from './booking-facts.repository.js';
import { closingsFor } from '../month-closings/month-closings.routes.js';

/** The request form of a booking after merging (PATCH) and defaults. */
type Input = AttendanceCreateT;

/** Default billability ids (docs/api/projects.md): 0/1 billable, 2/3 not billable; 1 and 3 cannot be changed. */
const BILLABLE_BY_DEFAULT = new Set([0, 1]);
const BILLABILITY_FIXED = new Set([1, 3]);

function rowToInput(row: AttendanceRow): Input {
  return {
    employee_id: row.employee_id,
    date: row.date,
    from: row.time_from,
    to: row.time_to,
    project_id: Number(row.project_id),
    project_task_id: Number(row.project_task_id),
    activity_id: row.activity_id,
    duration: Number(row.duration),
    locked: row.locked === null ? null : !!row.locked,
    is_travel: !!row.is_travel,
    billable: !!row.billable,
    work_location_is_project_relevant: !!row.work_location_is_project_relevant,
    private: row.private === null ? null : !!row.private,
    color: row.color,
    start: row.start,
    destination: row.destination,
    vehicle_id: row.vehicle_id,
    km: row.km,
    passengers: row.passengers,
    direction_of_travel: row.direction_of_travel,
    work_location_id: row.work_location_id,
    note: row.note,
    ticket_id: row.ticket_id === null ? null : Number(row.ticket_id),
    subtask_id: row.subtask_id === null ? null : Number(row.subtask_id),
    issue_id: row.issue_id,
  };
}

/** Checks that need no database; returns normalised scalar values. */
function checkShape(input: Input, durationOnly: boolean, errors: ErrorBag) {
  const from = inTime(input.from);
  const to = inTime(input.to);
  if (!endsAfterStart(from, to)) errors.add('to', 'The to time must be after the from time (00:00 ends the booking at midnight).');
  const vehicle = input.vehicle_id === null || input.vehicle_id === undefined ? null : String(input.vehicle_id);
  if (vehicle !== null && vehicle.length > 32) errors.add('vehicle_id', 'The vehicle id field must not be greater than 32 characters.');
  const direction = input.direction_of_travel === null || input.direction_of_travel === undefined ? null : typeof input.direction_of_travel === 'string' ? DIRECTION_ALIASES[input.direction_of_travel] : input.direction_of_travel;
  if (durationOnly && (input.duration === null || input.duration === undefined)) errors.add('duration', 'The duration field is required when the tenant records durations only.');
  const duration = durationOnly && typeof input.duration === 'number' ? input.duration : durationHours(from, to);
  return { from, to, vehicle, direction, duration };
}

/** References must exist in the tenant and fit together; 422 on the field otherwise. */
function checkRefs(input: Input, refs: BookingRefs, errors: ErrorBag): void {
  if (!refs.employee) errors.add('employee_id', 'The selected employee id is invalid.');
  if (!refs.project) errors.add('project_id', 'The selected project id is invalid.');
  if (!refs.task) errors.add('project_task_id', 'The selected project task id is invalid.');
  else if (refs.task.project_id !== input.project_id) errors.add('project_task_id', 'The task does not belong to the project.');
  if (!refs.activity) errors.add('activity_id', 'The selected activity id is invalid.');
  else if (!refs.projectActivities.includes(input.activity_id)) errors.add('activity_id', 'The activity is not one of the project\'s activities (GET /projects/{id}/activities).');
  if (input.ticket_id != null) {
    if (!refs.ticket) errors.add('ticket_id', 'The selected ticket id is invalid.');
    else if (refs.ticket.project_id !== input.project_id) errors.add('ticket_id', 'The ticket does not belong to the project.');
  }
  if (input.subtask_id != null) {
    if (!refs.subtask) errors.add('subtask_id', 'The selected subtask id is invalid.');
    else if (input.ticket_id != null && refs.subtask.ticket_id !== input.ticket_id) errors.add('subtask_id', 'The subtask does not belong to the ticket.');
  }
  if (input.work_location_id != null && !refs.locationExists) errors.add('work_location_id', 'The selected work location id is invalid.');
  if (input.vehicle_id != null && !refs.vehicleExists) errors.add('vehicle_id', 'The vehicle does not exist in the vehicle list valid on the booking date.');
}

function billableFor(input: Input, submitted: boolean | null | undefined, refs: BookingRefs, errors: ErrorBag): boolean {
  const setting = refs.project?.default_billability ?? 0;
  const byDefault = BILLABLE_BY_DEFAULT.has(setting);
  if (submitted === null || submitted === undefined) return input.billable ?? byDefault;
  if (BILLABILITY_FIXED.has(setting) && submitted !== byDefault) {
    errors.add('billable', `The project does not allow changing the billable flag (it is always ${byDefault ? 'billable' : 'not billable'}).`);
  }
  return submitted;
}

export class AttendanceService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
  ) {}

  create(tenant: Tenant, body: AttendanceCreateT): Promise<AttendanceRow> {
    return this.write(tenant, body, body.billable, undefined);
  }

  async update(tenant: Tenant, id: number, patch: AttendancePatchT): Promise<AttendanceRow> {
    const current = await findAttendance(this.db, tenant.id, id);
    if (!current) throw notFound('Attendance');
    const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const merged = { ...rowToInput(current), ...defined } as Input;
    // A billable flag only changes when submitted; a project change re-derives it from the new project.
    const billable = patch.billable !== undefined ? patch.billable : patch.project_id !== undefined && patch.project_id !== Number(current.project_id) ? undefined : !!current.billable;
    if (billable === undefined) delete merged.billable;
    return this.write(tenant, merged, patch.billable, current);
  }

  async remove(tenant: Tenant, id: number): Promise<void> {
    await lockedTransaction(this.db, this.dialect, [], async (trx) => {
      const current = await findAttendance(trx, tenant.id, id);
      if (!current) throw notFound('Attendance');
      const violations = [...immutable(current), ...(await lockViolations(trx, tenant, current))];
      if (violations.length) throw violationsError(violations);
      await deleteAttendance(trx, tenant.id, id);
    });
  }

  async release(tenant: Tenant, id: number, state: number, releasedBy: string | null): Promise<AttendanceRow> {
    const current = await findAttendance(this.db, tenant.id, id);
    if (!current) throw notFound('Attendance');
    if (releasedBy !== null) {
      const exists = await this.db.selectFrom('employees').select('id').where('tenant_id', '=', tenant.id).where('username', '=', releasedBy).executeTakeFirst();
      if (!exists) new ErrorBag().add('project_released_by', 'The selected project released by is invalid.').throwIfAny();
    }
    const released = state === 0 ? { project_released_at: null, project_released_by: null } : { project_released_at: nowTimestamp(), project_released_by: releasedBy };
    return updateAttendance(this.db, tenant.id, id, { project_release: state, ...released, modified: nowTimestamp() });
  }

  private async write(tenant: Tenant, input: Input, submittedBillable: boolean | null | undefined, current: AttendanceRow | undefined): Promise<AttendanceRow> {
    const settings = bookingSettings(tenant);
    const locked = current ? immutable(current) : [];
    if (locked.length) throw violationsError(locked);
    const errors = new ErrorBag();
    const shape = checkShape(input, settings.duration_only, errors);
    errors.throwIfAny();
    const keys = [`${tenant.id}:p:${input.project_id}`, `${tenant.id}:e:${input.employee_id}`];
    return lockedTransaction(this.db, this.dialect, keys, async (trx) => {
      const refs = await loadRefs(trx, tenant.id, {
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
      const ticketId = input.ticket_id ?? (input.subtask_id != null ? (refs.subtask?.ticket_id ?? null) : null);
      checkRefs({ ...input, ticket_id: ticketId }, refs, errors);
      if (ticketId !== null && input.ticket_id == null && refs.ticket === undefined && refs.subtask) {
        // ticket inferred from the subtask: it must belong to the project too
        const ticket = await trx.selectFrom('tickets').select('project_id').where('tenant_id', '=', tenant.id).where('id', '=', ticketId).executeTakeFirst();
        if (ticket && Number(ticket.project_id) !== input.project_id) errors.add('subtask_id', 'The subtask belongs to a ticket of another project.');
      }
      const billable = billableFor(input, submittedBillable, refs, errors);
      errors.throwIfAny();

      const is_travel = (input.is_travel ?? false) || (refs.activity?.is_travel ?? false);
      const booking: Booking = {
        id: current ? Number(current.id) : undefined,
        employee_id: input.employee_id,
        date: input.date,
        from: shape.from,
        to: shape.to,
        duration: shape.duration,
        billable,
        is_travel,
        project_id: input.project_id,
        project_task_id: input.project_task_id,
        ticket_id: ticketId,
        subtask_id: input.subtask_id ?? null,
      };
      const facts = await loadFacts(trx, tenant.id, booking, refs, settings, today());
      const violations: Violation[] = [...(current ? await lockViolations(trx, tenant, current) : []), ...evaluate(facts)];
      if (violations.length) throw violationsError(dedupe(violations));

      const span = spanOf(booking.date, booking.from, booking.to);
      const now = nowTimestamp();
      const values: Insertable<AttendancesTable> = {
        tenant_id: tenant.id,
        employee_id: booking.employee_id,
        date: booking.date,
        time_from: booking.from,
        time_to: booking.to,
        end_date: endDateOf(booking.date, booking.to),
        start_at: span.start,
        end_at: span.end,
        duration: booking.duration,
        note: input.note ?? null,
        issue_id: tenant.modules.has('ticket_extension') ? (input.issue_id ?? null) : (current?.issue_id ?? null),
        department_id: current && current.employee_id === booking.employee_id ? current.department_id : (refs.employee?.department_id ?? null),
        billable,
        work_location_id: input.work_location_id ?? null,
        activity_id: input.activity_id,
        start: input.start ?? null,
        destination: input.destination ?? null,
        vehicle_id: shape.vehicle,
        private: input.private ?? null,
        passengers: input.passengers == null ? null : Math.round(input.passengers),
        km: input.km == null ? null : Math.round(input.km),
        direction_of_travel: shape.direction,
        project_id: booking.project_id,
        project_task_id: booking.project_task_id,
        ticket_id: ticketId,
        subtask_id: booking.subtask_id,
        work_location_is_project_relevant: input.work_location_is_project_relevant ?? false,
        locked: input.locked ?? null,
        is_travel: input.is_travel ?? false,
        color: input.color ?? null,
        modified: now,
      };
      if (current) return updateAttendance(trx, tenant.id, Number(current.id), values);
      return insertAttendance(trx, { ...values, created: now });
    });
  }
}

/** Billed or released bookings cannot be changed or deleted. */
function immutable(row: AttendanceRow): Violation[] {
  const out: Violation[] = [];
  if (row.invoice_item_id !== null) out.push({ field: 'invoice_item_id', rule: 'billed', message: 'The booking is billed and cannot be changed or deleted.' });
  if (row.project_release !== null && LOCKING_RELEASE_STATES.has(Number(row.project_release))) {
    out.push({ field: 'project_release', rule: 'released', message: 'The booking is released and cannot be changed or deleted.' });
  }
  return out;
}

/** Lock periods (closed month, approval date, recording period) applied to the booking as it is stored. */
async function lockViolations(db: Kysely<DB>, tenant: Tenant, row: AttendanceRow): Promise<Violation[]> {
  const [closed, employee] = await Promise.all([
    closingsFor(db, tenant.id, row.employee_id, [row.date.slice(0, 7)]),
    db.selectFrom('employees').select('approval_date').where('tenant_id', '=', tenant.id).where('username', '=', row.employee_id).executeTakeFirst(),
  ]);
  const facts = {
    booking: { employee_id: row.employee_id, date: row.date },
    today: today(),
    settings: { ...DEFAULT_BOOKING_SETTINGS, ...bookingSettings(tenant) },
    closed_months: closed,
    approval_date: employee?.approval_date ?? null,
  } as unknown as BookingFacts;
  return evaluate(facts, LOCK_RULES).map((v) => ({ ...v, message: `The booking as stored is locked: ${v.message}` }));
}

function dedupe(violations: Violation[]): Violation[] {
  const seen = new Set<string>();
  return violations.filter((v) => !seen.has(v.field + v.message) && seen.add(v.field + v.message));
}
