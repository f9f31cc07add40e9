// Everything the booking rules decide on, loaded inside the write transaction (after the booking locks),
// tenant-scoped, a handful of indexed queries per booking.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { addDays, toBool } from '../../http/formats.js';
import { PlanExceed, type Booking, type BookingFacts, type BookingSettings, type PlannedItem, type WorkingDay } from '../../booking/facts.js';
import { mayExceed } from '../../booking/rules/planned-hours.js';
import { spanOf } from '../../booking/time.js';
import { closingsFor } from '../month-closings/month-closings.routes.js';

export interface BookingRefs {
  employee: { username: string; approval_date: string | null; department_id: number } | undefined;
  project:
    | { id: number; start_date: string | null; end_date: string | null; plan_hours: number | null; plan_can_exceed: number | null; default_billability: number; status: string; bookable: boolean }
    | undefined;
  task: { id: number; project_id: number; start_date: string | null; end_date: string | null; plan_hours: number | null } | undefined;
  ticket: { id: number; project_id: number; start_date: string | null; deadline: string | null; planned_hours: number | null; prevent_overbooking: number } | undefined;
  subtask: { id: number; ticket_id: number; start_date: string | null; deadline: string | null; planned_hours: number | null; prevent_overbooking: number } | undefined;
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

export async function loadRefs(db: Kysely<DB>, tenantId: number, k: RefKeys): Promise<BookingRefs> {
  const [employee, project, task, ticket, subtask, activity, projectActivities, location, vehicle] = await Promise.all([
    db.selectFrom('employees').select(['username', 'approval_date', 'department_id']).where('tenant_id', '=', tenantId).where('username', '=', k.employee_id).executeTakeFirst(),
    db
      .selectFrom('projects as p')
      .innerJoin('project_statuses as s', (j) => j.onRef('s.tenant_id', '=', 'p.tenant_id').onRef('s.name', '=', 'p.project_status_id'))
      .select(['p.id', 'p.start_date', 'p.end_date', 'p.plan_hours', 'p.plan_can_exceed', 'p.default_billability', 's.name as status', 's.bookable'])
      .where('p.tenant_id', '=', tenantId)
      .where('p.id', '=', k.project_id)
      .executeTakeFirst(),
    db.selectFrom('project_tasks').select(['id', 'project_id', 'start_date', 'end_date', 'plan_hours']).where('tenant_id', '=', tenantId).where('id', '=', k.project_task_id).executeTakeFirst(),
    k.ticket_id === null
      ? undefined
      : db.selectFrom('tickets').select(['id', 'project_id', 'start_date', 'deadline', 'planned_hours', 'prevent_overbooking']).where('tenant_id', '=', tenantId).where('id', '=', k.ticket_id).executeTakeFirst(),
    k.subtask_id === null
      ? undefined
      : db.selectFrom('ticket_subtasks').select(['id', 'ticket_id', 'start_date', 'deadline', 'planned_hours', 'prevent_overbooking']).where('tenant_id', '=', tenantId).where('id', '=', k.subtask_id).executeTakeFirst(),
    db.selectFrom('activities').select(['name', 'is_travel']).where('tenant_id', '=', tenantId).where('name', '=', k.activity_id).executeTakeFirst(),
    db
      .selectFrom('project_activities as pa')
      .innerJoin('activities as a', (j) => j.onRef('a.tenant_id', '=', 'pa.tenant_id').onRef('a.id', '=', 'pa.activity_id'))
      .select('a.name')
      .where('pa.tenant_id', '=', tenantId)
      .where('pa.project_id', '=', k.project_id)
      .execute(),
    k.work_location_id === null
      ? undefined
      : db.selectFrom('locations').select('id').where('tenant_id', '=', tenantId).where('code', '=', k.work_location_id).executeTakeFirst(),
    k.vehicle_id === null
      ? undefined
      : db
          .selectFrom('vehicles as v')
          .innerJoin('vehicle_lists as l', (j) => j.onRef('l.tenant_id', '=', 'v.tenant_id').onRef('l.id', '=', 'v.vehicle_list_id'))
          .select('v.id')
          .where('v.tenant_id', '=', tenantId)
          .where('v.code', '=', k.vehicle_id)
          .where('l.id', '=', (eb) =>
            eb.selectFrom('vehicle_lists').select('id').where('tenant_id', '=', tenantId).where('start_date', '<=', k.date).orderBy('start_date', 'desc').orderBy('id', 'desc').limit(1),
          )
          .executeTakeFirst(),
  ]);
  return {
    employee: employee && { username: employee.username, approval_date: employee.approval_date, department_id: Number(employee.department_id) },
    project: project && {
      id: Number(project.id),
      start_date: project.start_date,
      end_date: project.end_date,
      plan_hours: num(project.plan_hours),
      plan_can_exceed: num(project.plan_can_exceed),
      default_billability: Number(project.default_billability),
      status: project.status,
      bookable: toBool(project.bookable) ?? true,
    },
    task: task && { id: Number(task.id), project_id: Number(task.project_id), start_date: task.start_date, end_date: task.end_date, plan_hours: num(task.plan_hours) },
    ticket: ticket && {
      id: Number(ticket.id),
      project_id: Number(ticket.project_id),
      start_date: ticket.start_date,
      deadline: ticket.deadline,
      planned_hours: num(ticket.planned_hours),
      prevent_overbooking: Number(ticket.prevent_overbooking),
    },
    subtask: subtask && {
      id: Number(subtask.id),
      ticket_id: Number(subtask.ticket_id),
      start_date: subtask.start_date,
      deadline: subtask.deadline,
      planned_hours: num(subtask.planned_hours),
      prevent_overbooking: Number(subtask.prevent_overbooking),
    },
    activity: activity && { name: activity.name, is_travel: toBool(activity.is_travel) ?? false },
    projectActivities: projectActivities.map((a) => a.name),
    locationExists: location !== undefined,
    vehicleExists: vehicle !== undefined,
  };
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

async function workingDay(db: Kysely<DB>, tenantId: number, employee: string, date: string): Promise<WorkingDay> {
  const record = await db
    .selectFrom('regular_working_times')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('employee_id', '=', employee)
    .where((eb) => eb.or([eb('start_date', 'is', null), eb('start_date', '<=', date)]))
    .orderBy(sql`start_date desc nulls last`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!record) return { weekday_is_workday: null, holiday: null };
  const day = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()];
  const flag = toBool((record as any)[`${day}_workday`]);
  const hours = num((record as any)[day]);
  const weekday_is_workday = flag !== null ? flag : hours !== null ? hours > 0 : null;
  const holiday =
    record.holiday_calendar_id === null
      ? undefined
      : await db
          .selectFrom('holidays')
          .select(['name', 'half_day'])
          .where('tenant_id', '=', tenantId)
          .where('holiday_calendar_id', '=', Number(record.holiday_calendar_id))
          .where('date', '=', date)
          .executeTakeFirst();
  return { weekday_is_workday, holiday: holiday ? { name: holiday.name, half_day: toBool(holiday.half_day) ?? false } : null };
}

type SumColumn = 'project_id' | 'project_task_id' | 'ticket_id' | 'subtask_id';

async function bookedHours(db: Kysely<DB>, tenantId: number, column: SumColumn, id: number, exceptId: number | undefined): Promise<number> {
  let q = db.selectFrom('attendances').select(sql<number>`coalesce(sum(duration), 0)`.as('h')).where('tenant_id', '=', tenantId).where(column, '=', id);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return Number((await q.executeTakeFirst())?.h ?? 0);
}

/** A plan the booking has to respect; hours booked are summed only when the rule can refuse the booking. */
async function planned(
  db: Kysely<DB>,
  tenantId: number,
  booking: Booking,
  column: SumColumn,
  item: { id: number; start_date: string | null; end_date: string | null; planned_hours: number | null; exceed: PlanExceed } | undefined,
): Promise<PlannedItem | null> {
  if (!item) return null;
  const relevant = !!item.planned_hours && !mayExceed(item.exceed, booking);
  const booked_hours = relevant ? await bookedHours(db, tenantId, column, item.id, booking.id) : 0;
  return { ...item, booked_hours };
}

export async function loadFacts(db: Kysely<DB>, tenantId: number, booking: Booking, refs: BookingRefs, settings: BookingSettings, today: string): Promise<BookingFacts> {
  const span = spanOf(booking.date, booking.from, booking.to);
  const projectExceed = (refs.project?.plan_can_exceed ?? PlanExceed.All) as PlanExceed;
  let overlapQuery = db
    .selectFrom('attendances')
    .select(['id', 'date', 'time_from', 'time_to'])
    .where('tenant_id', '=', tenantId)
    .where('employee_id', '=', booking.employee_id)
    .where('start_at', '<', span.end)
    // No booking lasts more than 24 hours, so an overlapping one starts at most a day earlier: a narrow index range.
    .where('start_at', '>', `${addDays(booking.date, -1)} ${booking.from}`)
    .where('end_at', '>', span.start);
  if (booking.id !== undefined) overlapQuery = overlapQuery.where('id', '<>', booking.id);
  const [closed, periods, working_day, overlapping, project, task, ticket, subtask] = await Promise.all([
    closingsFor(db, tenantId, booking.employee_id, [booking.date.slice(0, 7)]),
    db.selectFrom('employment_periods').select(['start_date', 'end_date']).where('tenant_id', '=', tenantId).where('employee_id', '=', booking.employee_id).execute(),
    workingDay(db, tenantId, booking.employee_id, booking.date),
    overlapQuery.limit(5).execute(),
    planned(db, tenantId, booking, 'project_id', refs.project && { id: refs.project.id, start_date: refs.project.start_date, end_date: refs.project.end_date, planned_hours: refs.project.plan_hours, exceed: projectExceed }),
    planned(db, tenantId, booking, 'project_task_id', refs.task && { id: refs.task.id, start_date: refs.task.start_date, end_date: refs.task.end_date, planned_hours: refs.task.plan_hours, exceed: projectExceed }),
    planned(db, tenantId, booking, 'ticket_id', refs.ticket && { id: refs.ticket.id, start_date: refs.ticket.start_date, end_date: refs.ticket.deadline, planned_hours: refs.ticket.planned_hours, exceed: refs.ticket.prevent_overbooking as PlanExceed }),
    planned(db, tenantId, booking, 'subtask_id', refs.subtask && { id: refs.subtask.id, start_date: refs.subtask.start_date, end_date: refs.subtask.deadline, planned_hours: refs.subtask.planned_hours, exceed: refs.subtask.prevent_overbooking as PlanExceed }),
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
    overlapping: overlapping.map((o) => ({ id: Number(o.id), date: o.date, from: o.time_from, to: o.time_to })),
  };
}
