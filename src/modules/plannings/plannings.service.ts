// Writing planning entries (additive): the request's shape (type, kind, amount, time range), references that exist
// and belong together, and a date range that becomes one entry per working day of the employee (all or nothing).
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Scope } from '../../tenancy/scope.js';
import { ErrorBag, notFound } from '../../values/errors.js';
import { today } from '../../values/formats.js';
import { employeeCalendars } from '../../booking/working-day.repository.js';
import { datesOf, daysIn } from '../../values/dates.js';
import { isWorkingDay } from './plan-amounts.js';
import {
  PlanningKind,
  PlanningType,
  type PlanningCreateT,
  type PlanningRangeCreateT,
  type PlanningUpdateT,
} from './plannings.schemas.js';
import {
  deletePlanning,
  findItems,
  findOwner,
  findPlanning,
  insertPlannings,
  storedEntry,
  toPlannings,
  updatePlanning,
  type PlanningRow,
  type PlanningValues,
} from './plannings.repository.js';

/** The longest range POST /plannings (date … date_to) and a window with include_defaults may span. */
export const MAX_RANGE_DAYS = 366;

/**
 * The window of plan versus actual and of include_defaults with a bound missing (docs/api/plannings.md): from
 * 1 January of date_to's year (of the current year, UTC, without either) to 31 December of date_from's year.
 */
export function planWindow(
  date_from: string | undefined,
  date_to: string | undefined,
): { date_from: string; date_to: string } {
  const from = date_from ?? `${(date_to ?? today()).slice(0, 4)}-01-01`;
  return { date_from: from, date_to: date_to ?? `${from.slice(0, 4)}-12-31` };
}
const MAX_HOURS = 24;

type Body = Partial<PlanningCreateT> & Partial<PlanningUpdateT>;

/** The employee and the project exist in the tenant (every kind of plan names both). */
export async function checkOwner(db: TenantDb, employee: string, projectId: number, errors: ErrorBag): Promise<void> {
  const [e, p] = await findOwner(db, employee, projectId);
  if (!e) errors.add('employee_id', 'The selected employee id is invalid.');
  if (!p) errors.add('project_id', 'The selected project id is invalid.');
}

/** Task, ticket and subtask exist and belong to the project (the subtask to the ticket, or its ticket to the project). */
async function checkItems(db: TenantDb, v: PlanningValues, errors: ErrorBag): Promise<void> {
  const [task, ticket, subtask] = await findItems(db, v);
  if (v.project_task_id != null) {
    if (!task) errors.add('project_task_id', 'The selected project task id is invalid.');
    else if (Number(task.project_id) !== v.project_id)
      errors.add('project_task_id', 'The task does not belong to the project.');
  }
  if (v.ticket_id != null) {
    if (!ticket) errors.add('ticket_id', 'The selected ticket id is invalid.');
    else if (Number(ticket.project_id) !== v.project_id)
      errors.add('ticket_id', 'The ticket does not belong to the project.');
  }
  if (v.subtask_id != null) {
    if (!subtask) errors.add('subtask_id', 'The selected subtask id is invalid.');
    else if (v.ticket_id != null && Number(subtask.ticket_id) !== v.ticket_id)
      errors.add('subtask_id', 'The subtask does not belong to the ticket.');
    else if (Number(subtask.project_id) !== v.project_id)
      errors.add('subtask_id', 'The subtask belongs to a ticket of another project.');
  }
}

/** `from`/`to`: a time, or a date-time of the entry's date; answers 'HH:MM:SS'. */
function timeOn(value: string, date: string, field: string, errors: ErrorBag): string | null {
  const m = /^(?:(\d{4}-\d{2}-\d{2})[T ])?(\d{2}:\d{2})(:\d{2})?/.exec(value);
  if (!m) return null;
  if (m[1] !== undefined && m[1] !== date) {
    errors.add(field, `The ${field} time must lie on the entry's date (${date}).`);
    return null;
  }
  return `${m[2]}${m[3] ?? ':00'}`;
}

const REQUIRED_ID = {
  [PlanningType.Task]: 'project_task_id',
  [PlanningType.Ticket]: 'ticket_id',
  [PlanningType.Subtask]: 'subtask_id',
} as const;

/** The stored values a body leads to (merged over the stored entry on PATCH); 422 on every field that is wrong. */
function valuesOf(body: Body, current: PlanningRow | undefined, errors: ErrorBag): PlanningValues {
  const pick = <K extends keyof Body & keyof PlanningRow>(k: K) => (body[k] !== undefined ? body[k] : current?.[k]);
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const ids = {
    project_task_id: num(pick('project_task_id')),
    ticket_id: num(pick('ticket_id')),
    subtask_id: num(pick('subtask_id')),
  };
  let derived: (typeof PlanningType)[keyof typeof PlanningType] = PlanningType.Project;
  if (ids.subtask_id !== null) derived = PlanningType.Subtask;
  else if (ids.ticket_id !== null) derived = PlanningType.Ticket;
  else if (ids.project_task_id !== null) derived = PlanningType.Task;
  const type =
    body.type ??
    (current && body.project_task_id === undefined && body.ticket_id === undefined && body.subtask_id === undefined
      ? Number(current.type)
      : derived);
  if (type !== PlanningType.Project) {
    const field = REQUIRED_ID[type as keyof typeof REQUIRED_ID];
    if (ids[field] === null)
      errors.add(field, `The ${field.replace(/_/g, ' ')} field is required when type is ${type}.`);
  }
  const kind = body.kind ?? (current ? Number(current.kind) : PlanningKind.Hours);
  const date = (pick('date') as string | undefined) ?? '';
  const range = kind === PlanningKind.TimeRange;
  const timeField = (field: 'from' | 'to', column: 'time_from' | 'time_to') => {
    const sent = body[field];
    if (!range) {
      if (sent != null) errors.add(field, `The ${field} field is only for time ranges (kind 3).`);
      return null;
    }
    if (sent === undefined && current?.[column]) return current[column];
    if (sent == null) {
      errors.add(field, `The ${field} field is required for a time range (kind 3).`);
      return null;
    }
    return timeOn(sent, date, field, errors);
  };
  const time_from = timeField('from', 'time_from');
  const time_to = timeField('to', 'time_to');
  if (time_from && time_to && time_to <= time_from) errors.add('to', 'The to time must be after the from time.');
  let planning = range ? null : num(pick('planning'));
  if (!range && planning === null)
    errors.add('planning', "The planning field is required (the amount in the kind's unit).");
  if (kind === PlanningKind.Hours && planning !== null && planning > MAX_HOURS)
    errors.add('planning', `Hours on one day must not be greater than ${MAX_HOURS}.`);
  if (range) planning = null;
  return {
    employee_id: (pick('employee_id') as string | undefined) ?? '',
    date,
    project_id: Number(pick('project_id')),
    ...ids,
    type,
    kind,
    planning,
    time_from,
    time_to,
    note: (pick('note') as string | null | undefined) ?? null,
  };
}

/**
 * POST /plannings (`range` false): one entry — a `date_to` is 422, a range being its own operation so each answers
 * one shape (docs/api/plannings.md); POST /plannings/range: one entry per working day of the employee in [date, date_to].
 */
export async function createPlannings(
  db: TenantDb,
  body: PlanningCreateT | PlanningRangeCreateT,
  range: boolean,
): Promise<PlanningRow[]> {
  const errors = new ErrorBag();
  if (!range && body.date_to != null)
    errors.add('date_to', 'POST /plannings plans one day; a range of days is POST /plannings/range.');
  if (range && body.date_to == null) errors.add('date_to', 'The date to field is required.');
  const values = valuesOf(body, undefined, errors);
  const last = range ? (body.date_to ?? undefined) : undefined;
  if (last !== undefined && last < body.date)
    errors.add('date_to', 'The date to must be a date after or equal to date.');
  else if (last !== undefined && daysIn(body.date, last) > MAX_RANGE_DAYS)
    errors.add('date_to', `A range may span at most ${MAX_RANGE_DAYS} days.`);
  errors.throwIfAny();
  return db.transaction(async (trx) => {
    await checkOwner(trx, values.employee_id, values.project_id, errors);
    await checkItems(trx, values, errors);
    errors.throwIfAny();
    if (last === undefined) return insertPlannings(trx, [values]);
    const calendar = (await employeeCalendars(trx, [values.employee_id], body.date, last)).get(values.employee_id)!;
    const days = [...datesOf(body.date, last)].filter((d) => isWorkingDay(calendar, d));
    if (days.length === 0) errors.add('date_to', 'The range holds no working day of the employee.').throwIfAny();
    return insertPlannings(
      trx,
      days.map((date) => ({ ...values, date })),
    );
  });
}

/** PATCH/PUT /plannings/{id}: only submitted fields change; the result is checked like a new entry. */
export async function changePlanning(db: TenantDb, current: PlanningRow, body: PlanningUpdateT): Promise<PlanningRow> {
  const errors = new ErrorBag();
  const values = valuesOf(body, current, errors);
  errors.throwIfAny();
  return db.transaction(async (trx) => {
    await checkOwner(trx, values.employee_id, values.project_id, errors);
    await checkItems(trx, values, errors);
    errors.throwIfAny();
    const row = await updatePlanning(trx, Number(current.id), values);
    if (!row) throw notFound('Planning');
    return row;
  });
}

/** The planning entries as the CRUD kit (modules/crud) reads, changes and deletes them (lists and POST are their own routes). */
export const plannings = {
  find: ({ db }: Scope, id: number) => findPlanning(db, id),
  show: async ({ db }: Scope, row: PlanningRow) => (await toPlannings(db, [storedEntry(row)]))[0],
  showMany: ({ db }: Scope, rows: PlanningRow[]) => toPlannings(db, rows.map(storedEntry)),
  update: ({ db }: Scope, row: PlanningRow, changes: PlanningUpdateT) => changePlanning(db, row, changes),
  remove: ({ db }: Scope, row: PlanningRow) => deletePlanning(db, Number(row.id)),
};
