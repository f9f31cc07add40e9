// Everything the booking rules decide on, loaded inside the write transaction (after the booking locks),
// tenant-scoped, a handful of indexed queries per booking. The one loader of booking facts: the attendance service
// uses it for every write and delete; the day's facts come from working-day.repository.ts.
import { sql } from 'kysely';
import type { TenantDb } from '../db/tenant-scope.js';
import { addDays, toBool } from '../db/values.js';
import { closingsFor } from '../modules/month-closings/month-closings.repository.js';
import { PlanExceed, type Booking, type BookingFacts, type BookingSettings, type PlannedItem } from './facts.js';
import { mayExceed } from './rules/planned-hours.js';
import { spanOf } from './time.js';
import { employmentPeriods, workingDay } from './working-day.repository.js';

export interface EmployeeFacts {
  username: string;
  approval_date: string | null;
  department_id: number;
}

export interface TicketFacts {
  id: number;
  project_id: number;
  start_date: string | null;
  deadline: string | null;
  planned_hours: number | null;
  prevent_overbooking: number;
}

export interface BookingRefs {
  employee: EmployeeFacts | undefined;
  /** A project whose status row is missing counts as not bookable (docs/api/attendances.md). */
  project:
    | { id: number; start_date: string | null; end_date: string | null; plan_hours: number | null; plan_can_exceed: number | null; default_billability: number; status: string; bookable: boolean }
    | undefined;
  task: { id: number; project_id: number; start_date: string | null; end_date: string | null; plan_hours: number | null } | undefined;
  /** The ticket named, or else the ticket of the subtask named. */
  ticket: TicketFacts | undefined;
  subtask: (Omit<TicketFacts, 'project_id'> & { ticket_id: number }) | undefined;
  activity: { name: string; is_travel: boolean } | undefined;
  /** Activities that may be booked on the project (docs/api/projects.md: only listed ones). */
  projectActivities: string[];
  locationExists: boolean;
  /** The vehicle exists in the vehicle list valid on the booking date. */
  vehicleExists: boolean;
}

export interface RefKeys {
  employee_id: string;
  project_id: number;
  project_task_id: number;
  activity_id: string;
  ticket_id: number | null;
  subtask_id: number | null;
  work_location_id: string | null;
  vehicle_id: string | null;
  date: string;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const PLAN = ['start_date', 'deadline', 'planned_hours', 'prevent_overbooking'] as const;

export async function employeeFacts(db: TenantDb, username: string): Promise<EmployeeFacts | undefined> {
  const e = await db.selectFrom('employees').select(['username', 'approval_date', 'department_id']).where('username', '=', username).executeTakeFirst();
  return e && { username: e.username, approval_date: e.approval_date, department_id: Number(e.department_id) };
}

async function ticketFacts(db: TenantDb, id: number | null): Promise<TicketFacts | undefined> {
  if (id === null) return undefined;
  const t = await db.selectFrom('tickets').select(['id', 'project_id', ...PLAN]).where('id', '=', id).executeTakeFirst();
  return t && { id: Number(t.id), project_id: Number(t.project_id), start_date: t.start_date, deadline: t.deadline, planned_hours: num(t.planned_hours), prevent_overbooking: Number(t.prevent_overbooking) };
}

async function subtaskFacts(db: TenantDb, id: number | null): Promise<BookingRefs['subtask']> {
  if (id === null) return undefined;
  const s = await db.selectFrom('ticket_subtasks').select(['id', 'ticket_id', ...PLAN]).where('id', '=', id).executeTakeFirst();
  return s && { id: Number(s.id), ticket_id: Number(s.ticket_id), start_date: s.start_date, deadline: s.deadline, planned_hours: num(s.planned_hours), prevent_overbooking: Number(s.prevent_overbooking) };
}

async function projectFacts(db: TenantDb, id: number): Promise<BookingRefs['project']> {
  const p = await db
    .selectFrom('projects as p')
    .leftJoin('project_statuses as s', (j) => j.onRef('s.tenant_id', '=', 'p.tenant_id').onRef('s.name', '=', 'p.project_status_id'))
    .select(['p.id', 'p.start_date', 'p.end_date', 'p.plan_hours', 'p.plan_can_exceed', 'p.default_billability', 'p.project_status_id as status', 's.bookable'])
    .where('p.id', '=', id)
    .executeTakeFirst();
  return (
    p && {
      id: Number(p.id),
      start_date: p.start_date,
      end_date: p.end_date,
      plan_hours: num(p.plan_hours),
      plan_can_exceed: num(p.plan_can_exceed),
      default_billability: Number(p.default_billability),
      status: p.status,
      bookable: toBool(p.bookable) ?? false,
    }
  );
}

/** The vehicle is in the vehicle list valid on `date` (the latest start on or before it; ties: the newest list). */
async function vehicleOnDate(db: TenantDb, code: string | null, date: string): Promise<boolean> {
  if (code === null) return false;
  const row = await db
    .selectFrom('vehicles as v')
    .innerJoin('vehicle_lists as l', (j) => j.onRef('l.tenant_id', '=', 'v.tenant_id').onRef('l.id', '=', 'v.vehicle_list_id'))
    .select('v.id')
    .where('v.code', '=', code)
    .where('l.id', '=', (eb) =>
      eb.selectFrom('vehicle_lists').select('id').where('tenant_id', '=', db.tenantId).where('start_date', '<=', date).orderBy('start_date', 'desc').orderBy('id', 'desc').limit(1),
    )
    .executeTakeFirst();
  return row !== undefined;
}

export async function loadRefs(db: TenantDb, k: RefKeys): Promise<BookingRefs> {
  const [employee, project, task, named, subtask, activity, projectActivities, location, vehicleExists] = await Promise.all([
    employeeFacts(db, k.employee_id),
    projectFacts(db, k.project_id),
    db.selectFrom('project_tasks').select(['id', 'project_id', 'start_date', 'end_date', 'plan_hours']).where('id', '=', k.project_task_id).executeTakeFirst(),
    ticketFacts(db, k.ticket_id),
    subtaskFacts(db, k.subtask_id),
    db.selectFrom('activities').select(['name', 'is_travel']).where('name', '=', k.activity_id).executeTakeFirst(),
    db
      .selectFrom('project_activities as pa')
      .innerJoin('activities as a', (j) => j.onRef('a.tenant_id', '=', 'pa.tenant_id').onRef('a.id', '=', 'pa.activity_id'))
      .select('a.name')
      .where('pa.project_id', '=', k.project_id)
      .execute(),
    k.work_location_id === null ? undefined : db.selectFrom('locations').select('id').where('code', '=', k.work_location_id).executeTakeFirst(),
    vehicleOnDate(db, k.vehicle_id, k.date),
  ]);
  // Without a ticket_id the subtask's ticket is the booking's ticket (docs/api/attendances.md).
  const ticket = k.ticket_id === null && subtask ? await ticketFacts(db, subtask.ticket_id) : named;
  return {
    employee,
    project,
    task: task && { id: Number(task.id), project_id: Number(task.project_id), start_date: task.start_date, end_date: task.end_date, plan_hours: num(task.plan_hours) },
    ticket,
    subtask,
    activity: activity && { name: activity.name, is_travel: toBool(activity.is_travel) ?? false },
    projectActivities: projectActivities.map((a) => a.name),
    locationExists: location !== undefined,
    vehicleExists,
  };
}

type SumColumn = 'project_id' | 'project_task_id' | 'ticket_id' | 'subtask_id';

async function bookedHours(db: TenantDb, column: SumColumn, id: number, exceptId: number | undefined): Promise<number> {
  let q = db.selectFrom('attendances').select(sql<number>`coalesce(sum(duration), 0)`.as('h')).where(column, '=', id);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return Number((await q.executeTakeFirst())?.h ?? 0);
}

/** A plan the booking has to respect; hours booked are summed only when the rule can refuse the booking. */
async function planned(
  db: TenantDb,
  booking: Booking,
  column: SumColumn,
  item: { id: number; start_date: string | null; end_date: string | null; planned_hours: number | null; exceed: PlanExceed } | undefined,
): Promise<PlannedItem | null> {
  if (!item) return null;
  const relevant = !!item.planned_hours && !mayExceed(item.exceed, booking);
  const booked_hours = relevant ? await bookedHours(db, column, item.id, booking.id) : 0;
  return { ...item, booked_hours };
}

/** The employee's bookings that intersect the booking (at most 5: one is enough to refuse it). */
function overlapping(db: TenantDb, booking: Booking) {
  const span = spanOf(booking.date, booking.from, booking.to);
  let q = db
    .selectFrom('attendances')
    .select(['id', 'date', 'time_from', 'time_to'])
    .where('employee_id', '=', booking.employee_id)
    .where('start_at', '<', span.end)
    // No booking lasts more than 24 hours, so an overlapping one starts at most a day earlier: a narrow index range.
    .where('start_at', '>', `${addDays(booking.date, -1)} ${booking.from}`)
    .where('end_at', '>', span.start);
  if (booking.id !== undefined) q = q.where('id', '<>', booking.id);
  return q.limit(5).execute();
}

/** What the lock rules (closed month, approval date) look at, for a booking as requested or as stored. */
export async function lockFacts(db: TenantDb, employee: string, date: string): Promise<Pick<BookingFacts, 'closed_months' | 'approval_date'>> {
  const [closed, e] = await Promise.all([closingsFor(db, employee, [date.slice(0, 7)]), employeeFacts(db, employee)]);
  return { closed_months: closed, approval_date: e?.approval_date ?? null };
}

export async function loadFacts(db: TenantDb, booking: Booking, refs: BookingRefs, settings: BookingSettings, today: string): Promise<BookingFacts> {
  const projectExceed = (refs.project?.plan_can_exceed ?? PlanExceed.All) as PlanExceed;
  const plan = <T extends { id: number; start_date: string | null }>(item: T | undefined, end: (i: T) => string | null, hours: (i: T) => number | null, exceed: (i: T) => PlanExceed) =>
    item && { id: item.id, start_date: item.start_date, end_date: end(item), planned_hours: hours(item), exceed: exceed(item) };
  const [closed, periods, working_day, others, project, task, ticket, subtask] = await Promise.all([
    closingsFor(db, booking.employee_id, [booking.date.slice(0, 7)]),
    employmentPeriods(db, booking.employee_id),
    workingDay(db, booking.employee_id, booking.date),
    overlapping(db, booking),
    planned(db, booking, 'project_id', plan(refs.project, (p) => p.end_date, (p) => p.plan_hours, () => projectExceed)),
    planned(db, booking, 'project_task_id', plan(refs.task, (t) => t.end_date, (t) => t.plan_hours, () => projectExceed)),
    planned(db, booking, 'ticket_id', plan(refs.ticket, (t) => t.deadline, (t) => t.planned_hours, (t) => t.prevent_overbooking as PlanExceed)),
    planned(db, booking, 'subtask_id', plan(refs.subtask, (t) => t.deadline, (t) => t.planned_hours, (t) => t.prevent_overbooking as PlanExceed)),
  ]);
  return {
    booking,
    today,
    settings,
    closed_months: closed,
    approval_date: refs.employee?.approval_date ?? null,
    working_day,
    employment_periods: periods,
    project: project && refs.project ? { ...project, bookable: refs.project.bookable, status: refs.project.status } : null,
    task,
    ticket,
    subtask,
    overlapping: others.map((o) => ({ id: Number(o.id), date: o.date, from: o.time_from, to: o.time_to })),
  };
}
