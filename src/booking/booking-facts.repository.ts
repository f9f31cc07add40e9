// Everything the booking rules decide on, loaded inside the write transaction (after the booking locks),
// tenant-scoped, a handful of indexed queries per booking. The one loader of booking facts: the attendance service
// uses it for every write and delete; the day's facts come from working-day.repository.ts.
import { prepared, preparedFirst } from '../db/prepared.js';
import type { TenantDb } from '../db/tenant-scope.js';
import { addDays, toBool } from '../values/formats.js';
import { PlanExceed, type Booking, type BookingFacts, type BookingSettings, type PlannedItem } from './facts.js';
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
  /** Hours booked on it (the running sum, migration 2400). */
  booked: number;
}

export interface BookingRefs {
  employee: EmployeeFacts | undefined;
  /** A project whose status row is missing counts as not bookable (docs/api/attendances.md). */
  project:
    | {
        id: number;
        start_date: string | null;
        end_date: string | null;
        plan_hours: number | null;
        plan_can_exceed: number | null;
        default_billability: number;
        status: string;
        bookable: boolean;
        booked: number;
      }
    | undefined;
  task:
    | {
        id: number;
        project_id: number;
        start_date: string | null;
        end_date: string | null;
        plan_hours: number | null;
        booked: number;
      }
    | undefined;
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

/** booked_hours.kind of each column (migration 2400: running sums kept by triggers on attendances). */
export const BOOKED_KIND = { project_id: 1, project_task_id: 2, ticket_id: 3, subtask_id: 4 } as const;

// Every query here is compiled once (db/prepared.ts): a booking runs about fifteen of them.

/** The closings of one month (month-closings.repository.ts closingsFor), compiled once: a booking looks it up on every write. */
const closingsOfMonth = prepared((db, p: { employee: string; month: string }) =>
  db
    .selectFrom('month_closings')
    .select(['month', 'employee_id'])
    .where('month', '=', p.month)
    .where((eb) => eb.or([eb('employee_id', 'is', null), eb('employee_id', '=', p.employee)])),
);

const employeeRow = preparedFirst((db, p: { username: string }) =>
  db.selectFrom('employees').select(['username', 'approval_date', 'department_id']).where('username', '=', p.username),
);
// Each item's running sum of booked hours comes with its row: the planned-hours rule adds no query.
const ticketRow = preparedFirst((db, p: { id: number }) =>
  db
    .selectFrom('tickets as t')
    .leftJoin('booked_hours as bh', (j) =>
      j
        .onRef('bh.tenant_id', '=', 't.tenant_id')
        .onRef('bh.item_id', '=', 't.id')
        .on('bh.kind', '=', BOOKED_KIND.ticket_id),
    )
    .select([
      't.id',
      't.project_id',
      't.start_date',
      't.deadline',
      't.planned_hours',
      't.prevent_overbooking',
      'bh.hours as booked',
    ])
    .where('t.id', '=', p.id),
);
const subtaskRow = preparedFirst((db, p: { id: number }) =>
  db
    .selectFrom('ticket_subtasks as s')
    .leftJoin('booked_hours as bh', (j) =>
      j
        .onRef('bh.tenant_id', '=', 's.tenant_id')
        .onRef('bh.item_id', '=', 's.id')
        .on('bh.kind', '=', BOOKED_KIND.subtask_id),
    )
    .select([
      's.id',
      's.ticket_id',
      's.start_date',
      's.deadline',
      's.planned_hours',
      's.prevent_overbooking',
      'bh.hours as booked',
    ])
    .where('s.id', '=', p.id),
);
const projectRow = preparedFirst((db, p: { id: number }) =>
  db
    .selectFrom('projects as p')
    .leftJoin('project_statuses as s', (j) =>
      j.onRef('s.tenant_id', '=', 'p.tenant_id').onRef('s.name', '=', 'p.project_status_id'),
    )
    .leftJoin('booked_hours as bh', (j) =>
      j
        .onRef('bh.tenant_id', '=', 'p.tenant_id')
        .onRef('bh.item_id', '=', 'p.id')
        .on('bh.kind', '=', BOOKED_KIND.project_id),
    )
    .select([
      'p.id',
      'p.start_date',
      'p.end_date',
      'p.plan_hours',
      'p.plan_can_exceed',
      'p.default_billability',
      'p.project_status_id as status',
      's.bookable',
      'bh.hours as booked',
    ])
    .where('p.id', '=', p.id),
);
const vehicleRow = preparedFirst((db, p: { code: string; date: string }) =>
  db
    .selectFrom('vehicles as v')
    .innerJoin('vehicle_lists as l', (j) =>
      j.onRef('l.tenant_id', '=', 'v.tenant_id').onRef('l.id', '=', 'v.vehicle_list_id'),
    )
    .select('v.id')
    .where('v.code', '=', p.code)
    .where('l.id', '=', (eb) =>
      eb
        .selectFrom('vehicle_lists')
        .select('id')
        .where('tenant_id', '=', db.tenantId)
        .where('start_date', '<=', p.date)
        .orderBy('start_date', 'desc')
        .orderBy('id', 'desc')
        .limit(1),
    ),
);
const taskRow = preparedFirst((db, p: { id: number }) =>
  db
    .selectFrom('project_tasks as t')
    .leftJoin('booked_hours as bh', (j) =>
      j
        .onRef('bh.tenant_id', '=', 't.tenant_id')
        .onRef('bh.item_id', '=', 't.id')
        .on('bh.kind', '=', BOOKED_KIND.project_task_id),
    )
    .select(['t.id', 't.project_id', 't.start_date', 't.end_date', 't.plan_hours', 'bh.hours as booked'])
    .where('t.id', '=', p.id),
);
const activityRow = preparedFirst((db, p: { name: string }) =>
  db.selectFrom('activities').select(['name', 'is_travel']).where('name', '=', p.name),
);
const projectActivityNames = prepared((db, p: { project_id: number }) =>
  db
    .selectFrom('project_activities as pa')
    .innerJoin('activities as a', (j) =>
      j.onRef('a.tenant_id', '=', 'pa.tenant_id').onRef('a.id', '=', 'pa.activity_id'),
    )
    .select('a.name')
    .where('pa.project_id', '=', p.project_id),
);
const locationRow = preparedFirst((db, p: { code: string }) =>
  db.selectFrom('locations').select('id').where('code', '=', p.code),
);

export async function employeeFacts(db: TenantDb, username: string): Promise<EmployeeFacts | undefined> {
  const e = await employeeRow(db, { username });
  return e && { username: e.username, approval_date: e.approval_date, department_id: Number(e.department_id) };
}

async function ticketFacts(db: TenantDb, id: number | null): Promise<TicketFacts | undefined> {
  if (id === null) return undefined;
  const t = await ticketRow(db, { id });
  return (
    t && {
      id: Number(t.id),
      project_id: Number(t.project_id),
      start_date: t.start_date,
      deadline: t.deadline,
      planned_hours: num(t.planned_hours),
      prevent_overbooking: Number(t.prevent_overbooking),
      booked: Number(t.booked ?? 0),
    }
  );
}

async function subtaskFacts(db: TenantDb, id: number | null): Promise<BookingRefs['subtask']> {
  if (id === null) return undefined;
  const s = await subtaskRow(db, { id });
  return (
    s && {
      id: Number(s.id),
      ticket_id: Number(s.ticket_id),
      start_date: s.start_date,
      deadline: s.deadline,
      planned_hours: num(s.planned_hours),
      prevent_overbooking: Number(s.prevent_overbooking),
      booked: Number(s.booked ?? 0),
    }
  );
}

async function projectFacts(db: TenantDb, id: number): Promise<BookingRefs['project']> {
  const p = await projectRow(db, { id });
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
      booked: Number(p.booked ?? 0),
    }
  );
}

/** The vehicle is in the vehicle list valid on `date` (the latest start on or before it; ties: the newest list). */
async function vehicleOnDate(db: TenantDb, code: string | null, date: string): Promise<boolean> {
  if (code === null) return false;
  return (await vehicleRow(db, { code, date })) !== undefined;
}

export async function loadRefs(db: TenantDb, k: RefKeys): Promise<BookingRefs> {
  const [employee, project, task, named, subtask, activity, projectActivities, location, vehicleExists] =
    await Promise.all([
      employeeFacts(db, k.employee_id),
      projectFacts(db, k.project_id),
      taskRow(db, { id: k.project_task_id }),
      ticketFacts(db, k.ticket_id),
      subtaskFacts(db, k.subtask_id),
      activityRow(db, { name: k.activity_id }),
      projectActivityNames(db, { project_id: k.project_id }),
      k.work_location_id === null ? undefined : locationRow(db, { code: k.work_location_id }),
      vehicleOnDate(db, k.vehicle_id, k.date),
    ]);
  // Without a ticket_id the subtask's ticket is the booking's ticket (docs/api/attendances.md).
  const ticket = k.ticket_id === null && subtask ? await ticketFacts(db, subtask.ticket_id) : named;
  return {
    employee,
    project,
    task: task && {
      id: Number(task.id),
      project_id: Number(task.project_id),
      start_date: task.start_date,
      end_date: task.end_date,
      plan_hours: num(task.plan_hours),
      booked: Number(task.booked ?? 0),
    },
    ticket,
    subtask,
    activity: activity && { name: activity.name, is_travel: toBool(activity.is_travel) ?? false },
    projectActivities: projectActivities.map((a) => a.name),
    locationExists: location !== undefined,
    vehicleExists,
  };
}

type SumColumn = keyof typeof BOOKED_KIND;

/** A changed booking as stored: its own hours are in the running sums until the update replaces them. */
export type StoredBooking = { duration: number } & Record<SumColumn, number | null>;

/** A plan the booking has to respect: the hours booked on it, without those of the booking being changed. */
function planned(
  stored: StoredBooking | undefined,
  column: SumColumn,
  item:
    | {
        id: number;
        start_date: string | null;
        end_date: string | null;
        planned_hours: number | null;
        exceed: PlanExceed;
        booked: number;
      }
    | undefined,
): PlannedItem | null {
  if (!item) return null;
  const { booked, ...rest } = item;
  const own = stored !== undefined && Number(stored[column]) === item.id ? Number(stored.duration) : 0;
  return { ...rest, booked_hours: booked - own };
}

interface OverlapParams {
  employee: string;
  end: string;
  earliest: string;
  start: string;
}
const overlapQuery = (db: TenantDb, p: OverlapParams) =>
  db
    .selectFrom('attendances')
    .select(['id', 'date', 'time_from', 'time_to'])
    .where('employee_id', '=', p.employee)
    .where('start_at', '<', p.end)
    // No booking lasts more than 24 hours, so an overlapping one starts at most a day earlier: a narrow index range.
    .where('start_at', '>', p.earliest)
    .where('end_at', '>', p.start);
const OVERLAPS = {
  all: prepared((db, p: OverlapParams) => overlapQuery(db, p).limit(5)),
  except: prepared((db, p: OverlapParams & { except: number }) =>
    overlapQuery(db, p).where('id', '<>', p.except).limit(5),
  ),
};

/** The employee's bookings that intersect the booking (at most 5: one is enough to refuse it). */
function overlapping(db: TenantDb, booking: Booking) {
  const span = spanOf(booking.date, booking.from, booking.to);
  const p = {
    employee: booking.employee_id,
    end: span.end,
    earliest: `${addDays(booking.date, -1)} ${booking.from}`,
    start: span.start,
  };
  return booking.id === undefined ? OVERLAPS.all(db, p) : OVERLAPS.except(db, { ...p, except: booking.id });
}

/** What the lock rules (closed month, approval date) look at, for a booking as requested or as stored. */
export async function lockFacts(
  db: TenantDb,
  employee: string,
  date: string,
): Promise<Pick<BookingFacts, 'closed_months' | 'approval_date'>> {
  const [closed, e] = await Promise.all([
    closingsOfMonth(db, { employee, month: date.slice(0, 7) }),
    employeeFacts(db, employee),
  ]);
  return { closed_months: closed, approval_date: e?.approval_date ?? null };
}

export async function loadFacts(
  db: TenantDb,
  booking: Booking,
  refs: BookingRefs,
  settings: BookingSettings,
  today: string,
  stored?: StoredBooking,
): Promise<BookingFacts> {
  const projectExceed = (refs.project?.plan_can_exceed ?? PlanExceed.All) as PlanExceed;
  const plan = <T extends { id: number; start_date: string | null; booked: number }>(
    item: T | undefined,
    end: (i: T) => string | null,
    hours: (i: T) => number | null,
    exceed: (i: T) => PlanExceed,
  ) =>
    item && {
      id: item.id,
      start_date: item.start_date,
      end_date: end(item),
      planned_hours: hours(item),
      exceed: exceed(item),
      booked: item.booked,
    };
  const project = planned(
    stored,
    'project_id',
    plan(
      refs.project,
      (p) => p.end_date,
      (p) => p.plan_hours,
      () => projectExceed,
    ),
  );
  const task = planned(
    stored,
    'project_task_id',
    plan(
      refs.task,
      (t) => t.end_date,
      (t) => t.plan_hours,
      () => projectExceed,
    ),
  );
  const ticket = planned(
    stored,
    'ticket_id',
    plan(
      refs.ticket,
      (t) => t.deadline,
      (t) => t.planned_hours,
      (t) => t.prevent_overbooking as PlanExceed,
    ),
  );
  const subtask = planned(
    stored,
    'subtask_id',
    plan(
      refs.subtask,
      (t) => t.deadline,
      (t) => t.planned_hours,
      (t) => t.prevent_overbooking as PlanExceed,
    ),
  );
  const [closed, periods, working_day, others] = await Promise.all([
    closingsOfMonth(db, { employee: booking.employee_id, month: booking.date.slice(0, 7) }),
    employmentPeriods(db, booking.employee_id),
    workingDay(db, booking.employee_id, booking.date),
    overlapping(db, booking),
  ]);
  return {
    booking,
    today,
    settings,
    closed_months: closed,
    approval_date: refs.employee?.approval_date ?? null,
    working_day,
    employment_periods: periods,
    project:
      project && refs.project ? { ...project, bookable: refs.project.bookable, status: refs.project.status } : null,
    task,
    ticket,
    subtask,
    overlapping: others.map((o) => ({ id: Number(o.id), date: o.date, from: o.time_from, to: o.time_to })),
  };
}
