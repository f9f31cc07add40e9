// What a booking request must be before the booking rules run: normalised times and values (no database),
// references that exist and fit together, the billable flag the project allows, the invoice item that bills it,
// and stored bookings that are billed (their invoice is Billed) or released (locked for good).
import { ErrorBag } from '../../values/errors.js';
import { inTime } from '../../values/formats.js';
import type { Violation } from '../../booking/facts.js';
import type { BookingRefs } from '../../booking/booking-facts.repository.js';
import { durationHours, endsAfterStart } from '../../booking/time.js';
import { DIRECTION_ALIASES, LOCKING_RELEASE_STATES, type AttendanceCreateT } from './attendances.schemas.js';
import type { AttendanceRow } from './attendances.repository.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Dialect } from '../../db/dialect.js';
import { billedLinkViolations, checkInvoiceItemLink } from '../invoices/invoice-items.service.js';
import type { Tenant } from '../../tenancy/tenants.js';

/** The request form of a booking after merging (PATCH) and defaults. */
export type Input = AttendanceCreateT;

/** Default billability ids (docs/api/projects.md): 0/1 billable, 2/3 not billable; 1 and 3 cannot be changed. */
const BILLABLE_BY_DEFAULT = new Set([0, 1]);
const BILLABILITY_FIXED = new Set([1, 3]);

export function rowToInput(row: AttendanceRow): Input {
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
    invoice_item_id: row.invoice_item_id === null ? null : Number(row.invoice_item_id),
  };
}

/** Checks that need no database; returns normalised scalar values. */
export function checkShape(input: Input, durationOnly: boolean, errors: ErrorBag) {
  const from = inTime(input.from);
  const to = inTime(input.to);
  if (!endsAfterStart(from, to))
    errors.add('to', 'The to time must be after the from time (00:00 ends the booking at midnight).');
  const vehicle = input.vehicle_id === null || input.vehicle_id === undefined ? null : String(input.vehicle_id);
  if (vehicle !== null && vehicle.length > 32)
    errors.add('vehicle_id', 'The vehicle id field must not be greater than 32 characters.');
  let direction = input.direction_of_travel ?? null;
  if (typeof direction === 'string') direction = DIRECTION_ALIASES[direction];
  if (durationOnly && (input.duration === null || input.duration === undefined))
    errors.add('duration', 'The duration field is required when the tenant records durations only.');
  const duration = durationOnly && typeof input.duration === 'number' ? input.duration : durationHours(from, to);
  // A duration sent along with times must agree with them (to the second), rather than be silently replaced.
  if (!durationOnly && typeof input.duration === 'number' && Math.abs(input.duration - duration) > 1 / 3600) {
    errors.add('duration', `The duration must agree with from and to (${duration} hours), or be left out.`);
  }
  return { from, to, vehicle, direction, duration };
}

/**
 * References must exist in the tenant and fit together; 422 on the field otherwise. `ticket_id` is the one the
 * request names; without it the subtask's ticket is the booking's, reported on subtask_id when it is another
 * project's.
 */
export function checkRefs(input: Input, refs: BookingRefs, errors: ErrorBag): void {
  if (!refs.employee) errors.add('employee_id', 'The selected employee id is invalid.');
  if (!refs.project) errors.add('project_id', 'The selected project id is invalid.');
  if (!refs.task) errors.add('project_task_id', 'The selected project task id is invalid.');
  else if (refs.task.project_id !== input.project_id)
    errors.add('project_task_id', 'The task does not belong to the project.');
  if (!refs.activity) errors.add('activity_id', 'The selected activity id is invalid.');
  else if (!refs.projectActivities.includes(input.activity_id))
    errors.add('activity_id', "The activity is not one of the project's activities (GET /projects/{id}/activities).");
  if (input.ticket_id != null) {
    if (!refs.ticket) errors.add('ticket_id', 'The selected ticket id is invalid.');
    else if (refs.ticket.project_id !== input.project_id)
      errors.add('ticket_id', 'The ticket does not belong to the project.');
  }
  if (input.subtask_id != null) {
    if (!refs.subtask) errors.add('subtask_id', 'The selected subtask id is invalid.');
    else if (input.ticket_id != null && refs.subtask.ticket_id !== input.ticket_id)
      errors.add('subtask_id', 'The subtask does not belong to the ticket.');
    else if (input.ticket_id == null && refs.ticket && refs.ticket.project_id !== input.project_id)
      errors.add('subtask_id', 'The subtask belongs to a ticket of another project.');
  }
  if (input.work_location_id != null && !refs.locationExists)
    errors.add('work_location_id', 'The selected work location id is invalid.');
  if (input.vehicle_id != null && !refs.vehicleExists)
    errors.add('vehicle_id', 'The vehicle does not exist in the vehicle list valid on the booking date.');
}

export function billableFor(
  input: Input,
  submitted: boolean | null | undefined,
  refs: BookingRefs,
  errors: ErrorBag,
): boolean {
  const setting = refs.project?.default_billability ?? 0;
  const byDefault = BILLABLE_BY_DEFAULT.has(setting);
  if (submitted === null || submitted === undefined) return input.billable ?? byDefault;
  if (BILLABILITY_FIXED.has(setting) && submitted !== byDefault) {
    errors.add(
      'billable',
      `The project does not allow changing the billable flag (it is always ${byDefault ? 'billable' : 'not billable'}).`,
    );
  }
  return submitted;
}

/** A booking linked to an item of a Billed invoice cannot be changed or deleted (read inside the write transaction). */
export const billedLock = (db: TenantDb, dialect: Dialect, row: AttendanceRow): Promise<Violation[]> =>
  billedLinkViolations(db, dialect, row.invoice_item_id, 'booking');

/** The invoice item a booking names must exist, bill the booking's project (when it names one) and not be on a Billed invoice. */
export async function checkInvoiceItem(
  db: TenantDb,
  dialect: Dialect,
  input: Input,
  current: AttendanceRow | undefined,
  errors: ErrorBag,
): Promise<void> {
  const id = input.invoice_item_id ?? null;
  if (current && Number(current.invoice_item_id) === id) return;
  await checkInvoiceItemLink(db, dialect, id, input.project_id, 'bookings', errors);
}

/**
 * Released bookings cannot be changed or deleted (billed ones: billedLock). A release stays binding after the project_release
 * module is switched off; the error then names `id` (the booking itself), since `project_release` is no longer
 * part of the response, and says what locks it.
 */
export function immutable(row: AttendanceRow, tenant: Pick<Tenant, 'modules'>): Violation[] {
  const out: Violation[] = [];
  if (row.project_release !== null && LOCKING_RELEASE_STATES.has(Number(row.project_release))) {
    const field = tenant.modules.has('project_release') ? 'project_release' : 'id';
    out.push({
      field,
      rule: 'released',
      message: 'The booking is released (project release) and cannot be changed or deleted.',
    });
  }
  return out;
}
