// Facts the booking engine (attendances) checks a booking against, loaded tenant-scoped and small:
// runtimes (null = open), bookable status, planned hours and what may exceed them, billability defaults,
// allowed activities and assignments. Every function returns undefined when the record is not the tenant's.
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { toBool } from '../../http/formats.js';

export interface Runtime {
  start_date: string | null;
  end_date: string | null;
}

export interface ProjectFacts extends Runtime {
  id: number;
  customer_id: string | null;
  status: string;
  /** Time may still be booked (the status is bookable). */
  bookable: boolean;
  /** 0..4, see PLAN_CAN_EXCEED; null = no limit configured. */
  plan_can_exceed: number | null;
  plan_hours: number | null;
  /** 0..3, see DEFAULT_BILLABILITY: 0/1 billable, 2/3 not; 1/3 the employee may not change the flag. */
  default_billability: number;
}

const num = (v: number | null) => (v === null ? null : Number(v));

export async function projectForBooking(db: Kysely<DB>, tenantId: number, projectId: number): Promise<ProjectFacts | undefined> {
  const r = await db
    .selectFrom('projects as p')
    .leftJoin('project_statuses as s', (j) => j.onRef('s.tenant_id', '=', 'p.tenant_id').onRef('s.name', '=', 'p.project_status_id'))
    .select(['p.id', 'p.customer_id', 'p.start_date', 'p.end_date', 'p.project_status_id', 's.bookable', 'p.plan_can_exceed', 'p.plan_hours', 'p.default_billability'])
    .where('p.tenant_id', '=', tenantId)
    .where('p.id', '=', projectId)
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    id: Number(r.id),
    customer_id: r.customer_id,
    start_date: r.start_date,
    end_date: r.end_date,
    status: r.project_status_id,
    bookable: toBool(r.bookable) ?? false,
    plan_can_exceed: num(r.plan_can_exceed),
    plan_hours: num(r.plan_hours),
    default_billability: Number(r.default_billability),
  };
}

export interface TaskFacts extends Runtime {
  id: number;
  project_id: number;
  parent_id: number | null;
  /** Child tasks exist (clients book on leaf tasks). */
  has_children: boolean;
  plan_hours: number | null;
  billing_type: number;
}

export async function taskForBooking(db: Kysely<DB>, tenantId: number, taskId: number): Promise<TaskFacts | undefined> {
  const r = await db
    .selectFrom('project_tasks as t')
    .select(['t.id', 't.project_id', 't.parent_id', 't.start_date', 't.end_date', 't.plan_hours', 't.billing_type'])
    .select((eb) => eb.exists(eb.selectFrom('project_tasks as c').select('c.id').whereRef('c.tenant_id', '=', 't.tenant_id').whereRef('c.parent_id', '=', 't.id')).as('has_children'))
    .where('t.tenant_id', '=', tenantId)
    .where('t.id', '=', taskId)
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    id: Number(r.id),
    project_id: Number(r.project_id),
    parent_id: num(r.parent_id),
    start_date: r.start_date,
    end_date: r.end_date,
    has_children: toBool(r.has_children) ?? false,
    plan_hours: num(r.plan_hours),
    billing_type: Number(r.billing_type),
  };
}

export interface TicketFacts extends Runtime {
  id: number;
  project_id: number;
  project_task_id: number;
  status: number;
  planned_hours: number | null;
  /** 0..4, same members as plan_can_exceed. */
  prevent_overbooking: number;
}

/** Ticket runtime is start_date..deadline (returned as start_date/end_date). */
export async function ticketForBooking(db: Kysely<DB>, tenantId: number, ticketId: number): Promise<TicketFacts | undefined> {
  const r = await db
    .selectFrom('tickets')
    .select(['id', 'project_id', 'project_task_id', 'status', 'start_date', 'deadline', 'planned_hours', 'prevent_overbooking'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', ticketId)
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    id: Number(r.id),
    project_id: Number(r.project_id),
    project_task_id: Number(r.project_task_id),
    status: Number(r.status),
    start_date: r.start_date,
    end_date: r.deadline,
    planned_hours: num(r.planned_hours),
    prevent_overbooking: Number(r.prevent_overbooking),
  };
}

export interface SubtaskFacts extends Runtime {
  id: number;
  ticket_id: number;
  status: number;
  planned_hours: number | null;
  prevent_overbooking: number;
}

export async function subtaskForBooking(db: Kysely<DB>, tenantId: number, subtaskId: number): Promise<SubtaskFacts | undefined> {
  const r = await db
    .selectFrom('ticket_subtasks')
    .select(['id', 'ticket_id', 'status', 'start_date', 'deadline', 'planned_hours', 'prevent_overbooking'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', subtaskId)
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    id: Number(r.id),
    ticket_id: Number(r.ticket_id),
    status: Number(r.status),
    start_date: r.start_date === null ? null : r.start_date.slice(0, 10),
    end_date: r.deadline === null ? null : r.deadline.slice(0, 10),
    planned_hours: num(r.planned_hours),
    prevent_overbooking: Number(r.prevent_overbooking),
  };
}

/** The activity (by name) is allowed on the project, with its default factor; undefined when not allowed. */
export async function projectActivityAllowed(db: Kysely<DB>, tenantId: number, projectId: number, activityName: string): Promise<{ default_factor: number; is_travel: boolean } | undefined> {
  const r = await db
    .selectFrom('project_activities as pa')
    .innerJoin('activities as a', (j) => j.onRef('a.tenant_id', '=', 'pa.tenant_id').onRef('a.id', '=', 'pa.activity_id'))
    .select(['pa.default_factor', 'a.is_travel'])
    .where('pa.tenant_id', '=', tenantId)
    .where('pa.project_id', '=', projectId)
    .where('a.name', '=', activityName)
    .executeTakeFirst();
  return r ? { default_factor: Number(r.default_factor), is_travel: toBool(r.is_travel) ?? false } : undefined;
}

/** The employee's assignment to the project covering `date` (from/to null = open), or undefined. */
export async function assignmentForBooking(db: Kysely<DB>, tenantId: number, projectId: number, username: string, date: string) {
  const r = await db
    .selectFrom('project_assignments')
    .select(['id', 'from_date', 'to_date', 'price_group'])
    .where('tenant_id', '=', tenantId)
    .where('project_id', '=', projectId)
    .where('employee_id', '=', username)
    .where((eb) => eb.and([eb.or([eb('from_date', 'is', null), eb('from_date', '<=', date)]), eb.or([eb('to_date', 'is', null), eb('to_date', '>=', date)])]))
    .orderBy('id')
    .executeTakeFirst();
  return r ? { id: Number(r.id), from: r.from_date, to: r.to_date, price_group: r.price_group } : undefined;
}
