// An absence request body -> the absence as it will be stored (merged with the stored one on PATCH), and the
// approval it asks for. Both variants of the body (docs/api/absences.md) end up in the same shape; no database here.
import { ErrorBag } from '../../values/errors.js';
import { inTime, isValidDate, toBool } from '../../values/formats.js';
import { durationHours } from '../../booking/time.js';
import type { AbsenceSpan } from '../../booking/calendar.js';
import { daysIn } from '../../values/dates.js';
import type { AbsenceRow } from './absences.repository.js';
import type { AbsenceBody } from './absences.schemas.js';
import { LeaveStatus } from '../../booking/leave-approval.js';
import { isTimezone } from '../../tenancy/tenants.js';

/** The longest absence: ten years (longer ones are entered in parts). */
export const MAX_ABSENCE_DAYS = 3660;

/** The absence as stored: the calendar's span (dates, half days, hours, times) plus who, why and notes. */
export interface AbsenceShape extends Omit<AbsenceSpan, 'id' | 'approved' | 'reason_type'> {
  employee_id: string;
  absence_reason_id: string;
  note: string | null;
  timezone: string | null;
}

export function rowToShape(row: AbsenceRow): AbsenceShape {
  return {
    employee_id: row.employee_id,
    absence_reason_id: row.absence_reason_id,
    start_date: row.start_date,
    end_date: row.end_date,
    half_day_from: toBool(row.half_day_from) ?? false,
    half_day_to: toBool(row.half_day_to) ?? false,
    hours: row.hours === null ? null : Number(row.hours),
    time_from: row.time_from,
    time_to: row.time_to,
    note: row.note,
    timezone: row.timezone,
  };
}

const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** Start and end: start_date/end_date, or the legacy dates in from/to; on create the end defaults to the start. */
function dates(body: AbsenceBody, base: AbsenceShape | undefined, errors: ErrorBag) {
  const legacy = { from: isDate(body.from) ? body.from : undefined, to: isDate(body.to) ? body.to : undefined };
  for (const [field, current] of [
    ['from', body.start_date],
    ['to', body.end_date],
  ] as const) {
    const value = legacy[field];
    if (value !== undefined && !isValidDate(value))
      errors.add(field, `The ${field} field must be a valid date in the format YYYY-MM-DD.`);
    else if (value !== undefined && current !== undefined && value !== current)
      errors.add(
        field,
        `The ${field} date differs from ${field === 'from' ? 'start_date' : 'end_date'}; send one of them.`,
      );
  }
  const start = body.start_date ?? legacy.from ?? base?.start_date;
  const end = body.end_date ?? legacy.to ?? base?.end_date ?? start;
  if (start === undefined || end === undefined) errors.add('start_date', 'The start date field is required.');
  else if (end < start) errors.add('end_date', 'The end date must be a date after or equal to start date.');
  else if (daysIn(start, end) > MAX_ABSENCE_DAYS)
    errors.add('end_date', `An absence may span at most ${MAX_ABSENCE_DAYS} days; enter longer ones in parts.`);
  return { start: start ?? '', end: end ?? '' };
}

/** Hourly absences: hours (from from/to when absent) and times; other absences take neither. */
function hourly(body: AbsenceBody, base: AbsenceShape | undefined, errors: ErrorBag) {
  const time = (v: string | null | undefined) => {
    if (v === undefined || isDate(v)) return undefined;
    return v === null ? null : inTime(v);
  };
  const times = { from: time(body.from), to: time(body.to) };
  // Without `type`, hours or times make the absence hourly; otherwise it keeps its kind (full day on create).
  const asksHourly = (body.hours != null && body.hours > 0) || !!times.from || !!times.to;
  const isHourly =
    body.type !== undefined ? body.type === 2 : asksHourly || (base !== undefined && base.hours !== null);
  if (!isHourly) {
    if (body.hours != null && body.hours > 0) errors.add('hours', 'Hours are only for hourly absences (type 2).');
    for (const field of ['from', 'to'] as const)
      if (times[field]) errors.add(field, `A ${field} time is only for hourly absences (type 2).`);
    return { hours: null, time_from: null, time_to: null };
  }
  const time_from = times.from !== undefined ? times.from : (base?.time_from ?? null);
  const time_to = times.to !== undefined ? times.to : (base?.time_to ?? null);
  if (time_from && time_to && time_to <= time_from) errors.add('to', 'The to time must be after the from time.');
  let hours = body.hours !== undefined ? body.hours : (base?.hours ?? null);
  if (time_from && time_to && time_to > time_from) {
    // With both times the hours follow from them, as a booking's duration does (docs/api/absences.md): a sent
    // value that disagrees by more than a second is 422, an unsent one is derived.
    const span = durationHours(time_from, time_to);
    if (body.hours && Math.abs(body.hours - span) > 1 / 3600)
      errors.add('hours', `The hours must agree with from and to (${span} hours), or be left out.`);
    hours = span;
  }
  if (!hours)
    errors.add('hours', 'The hours field is required for an hourly absence (type 2) and must be greater than 0.');
  return { hours: hours || null, time_from, time_to };
}

/** The absence a body asks for: the stored one (PATCH) with the submitted fields; field errors go to `errors`. */
export function shapeOf(body: AbsenceBody, base: AbsenceShape | undefined, errors: ErrorBag): AbsenceShape {
  if (base && body.employee_id !== undefined && body.employee_id !== base.employee_id)
    errors.add('employee_id', 'The employee of an absence cannot be changed.');
  const { start, end } = dates(body, base, errors);
  const hours = hourly(body, base, errors);
  const half = (field: 'half_day_from' | 'half_day_to') => {
    if (hours.hours === null) return body[field] ?? base?.[field] ?? false;
    if (body[field]) errors.add(field, 'An hourly absence cannot be a half day.');
    return false;
  };
  const half_day_from = half('half_day_from');
  // A single day is one half day, whichever end the request named.
  const half_day_to = half('half_day_to') && !(start === end && half_day_from);
  const timezone = body.timezone !== undefined ? body.timezone : (base?.timezone ?? null);
  if (timezone !== null && !isTimezone(timezone))
    errors.add('timezone', 'The timezone must be an IANA time zone such as Europe/Berlin.');
  const noteOrComment = body.comment !== undefined ? body.comment : (base?.note ?? null);
  return {
    employee_id: base?.employee_id ?? body.employee_id ?? '',
    absence_reason_id: body.absence_reason_id ?? base?.absence_reason_id ?? '',
    start_date: start,
    end_date: end,
    half_day_from,
    half_day_to,
    ...hours,
    note: body.note !== undefined ? body.note : noteOrComment,
    timezone,
  };
}

/** Who decided, from either name of the field. */
export const editorOf = (body: AbsenceBody) => body.status_edited_by ?? body.approved_by ?? null;

/**
 * The state a new absence starts in: approval_status when sent; planned: true -> only planned; otherwise a reason
 * with approval (approve = 1) starts a request, any other reason approves at once.
 */
export function initialApproval(
  body: AbsenceBody,
  reasonApproves: boolean,
  errors: ErrorBag,
): { approved: boolean; status: number | null } {
  if (body.planned === true && body.approval_status)
    errors.add('planned', 'A planned absence has no approval status; send one of planned and approval_status.');
  switch (body.approval_status) {
    case 'pending':
      return { approved: false, status: LeaveStatus.Requested };
    case 'approved':
      return { approved: true, status: reasonApproves ? LeaveStatus.Approved : null };
    case 'rejected':
      return { approved: false, status: LeaveStatus.Rejected };
  }
  if (body.planned === true) return { approved: false, status: null };
  return reasonApproves ? { approved: false, status: LeaveStatus.Requested } : { approved: true, status: null };
}

/** The `approved` a PATCH asks for: `approved`, or the legacy approval_status; undefined when it asks for none. */
export function requestedApproval(body: AbsenceBody, errors: ErrorBag): boolean | undefined {
  let legacy: boolean | undefined;
  if (body.approval_status === 'approved') legacy = true;
  else if (body.approval_status === 'rejected') legacy = false;
  if (body.approved != null && legacy !== undefined && body.approved !== legacy)
    errors.add('approval_status', 'approval_status contradicts approved; send one of them.');
  return body.approved ?? legacy;
}
