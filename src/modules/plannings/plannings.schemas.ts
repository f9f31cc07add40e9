// Planning entries (contract "Planning entry", docs/api/plannings.md): the read shape with the loaded employee, project
// and customer, the write bodies (additive) and the list query. The numbering of `type` and `kind` is ours (no
// public ids exist): docs/api/plannings.md.
import { Type, type Static } from '@sinclair/typebox';
import {
  DateOnly,
  DateTimeOut,
  MAX_ID,
  Nullable,
  OffsetDateTimeOut,
  Opt,
  requiredUnless,
  RecordAuthors,
} from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';

/** What is planned. */
export const PlanningType = { Project: 0, Task: 1, Ticket: 2, Subtask: 3 } as const;
/** How the amount is expressed. */
export const PlanningKind = { Percentage: 0, Hours: 1, Day: 2, TimeRange: 3 } as const;

export const PlanningDetails = Type.Object({
  type: Type.String({ enum: ['percentage', 'hours', 'day', 'time_range'] }),
  value: Nullable(Type.Number({ description: 'The amount in `unit` (the time range in hours).' })),
  unit: Type.String({ enum: ['percent', 'hours', 'days'] }),
  effective_hours: Nullable(Type.Number({ description: 'The amount in hours (as planning_in_hours).' })),
  from_time: Nullable(DateTimeOut()),
  to_time: Nullable(DateTimeOut()),
});

export const Planning = Type.Object({
  id: Type.String({
    description:
      "A stored entry's number, or `default-<default planning id>-<YYYYMMDD>` for a day of a default planning (include_defaults).",
  }),
  date: Type.String({ examples: ['2026-03-10'] }),
  employee_id: Type.String(),
  project_id: Nullable(Type.Integer()),
  project_task_id: Nullable(Type.Integer()),
  ticket_id: Nullable(Type.Integer()),
  subtask_id: Nullable(Type.Integer()),
  customer_number: Nullable(Type.String()),
  type: Type.Integer({ enum: [0, 1, 2, 3], description: '0 project, 1 task, 2 ticket, 3 subtask.' }),
  kind: Type.Integer({ enum: [0, 1, 2, 3], description: '0 percentage, 1 hours, 2 day, 3 time range.' }),
  planning: Nullable(
    Type.Number({ description: "The amount in the kind's unit (percent, hours, days); null for a time range." }),
  ),
  from: Nullable(DateTimeOut()),
  to: Nullable(DateTimeOut()),
  planning_in_hours: Nullable(Type.Number()),
  planning_in_days: Nullable(
    Type.Number({
      description: "Hours / the daily target of the employee's regular working time (null where that is 0).",
    }),
  ),
  planning_in_percent: Nullable(
    Type.Number({ description: 'Hours / daily target × 100 (null where the target is 0).' }),
  ),
  working_day: Nullable(
    Type.Integer({
      enum: [0, 1],
      description: '1: target > 0, no full-day public holiday, no approved full-day absence.',
    }),
  ),
  note: Nullable(Type.String()),
  created_at: Nullable(OffsetDateTimeOut()),
  updated_at: Nullable(OffsetDateTimeOut()),
  ...RecordAuthors,
  planning_details: PlanningDetails,
  employee: Type.Object({
    username: Type.String(),
    firstname: Type.String(),
    lastname: Type.String(),
    email: Nullable(Type.String()),
  }),
  project: Type.Object({ id: Type.Integer(), name: Nullable(Type.String()) }),
  customer: Nullable(Type.Object({ customer_number: Type.String(), name: Nullable(Type.String()) })),
});
export type PlanningT = Static<typeof Planning>;

const id = (description: string) => Opt(Type.Integer({ minimum: 1, maximum: MAX_ID, description }));
/** A time HH:MM[:SS] on the entry's date, or a date-time of that date. */
const TIME_OR_DATE_TIME =
  '^([1-9][0-9]{3}-[0-9]{2}-[0-9]{2}[T ])?([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]{1,6})?)?(Z|[+-][0-9]{2}:?[0-9]{2})?$';
const time = (description: string) => Opt(Type.String({ pattern: TIME_OR_DATE_TIME, maxLength: 40, description }));

const writable = {
  project_task_id: id('A task of the project (type 1).'),
  ticket_id: id("A ticket of the project (type 2; with a subtask, the subtask's ticket)."),
  subtask_id: id('A subtask of the ticket (type 3).'),
  type: Opt(
    Type.Integer({
      enum: [0, 1, 2, 3],
      description: '0 project, 1 task, 2 ticket, 3 subtask; derived from the most specific id sent when absent.',
    }),
  ),
  kind: Opt(
    Type.Integer({
      enum: [0, 1, 2, 3],
      description: '0 percentage, 1 hours (default), 2 day, 3 time range (`from` and `to`).',
    }),
  ),
  planning: Opt(
    Type.Number({
      minimum: 0,
      maximum: 100_000,
      description: "The amount in the kind's unit; required unless kind is 3. Hours at most 24.",
    }),
  ),
  from: time("Start of a time range: HH:MM[:SS] on the entry's date (or a date-time of that date)."),
  to: time('End of a time range, after `from`.'),
  note: Opt(Type.String({ maxLength: 4000 })),
};

const created = {
  employee_id: Type.String({ minLength: 1, maxLength: 255, description: 'Username.' }),
  project_id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  ...writable,
};
const date = DateOnly({ description: 'The planned day (the first of a range).' });
const dateTo = Nullable(
  DateOnly({
    description: 'Last day of POST /plannings/range (at most 366 days on); POST /plannings: 422 unless null.',
  }),
);
/** POST /plannings: one day, one entry. */
export const PlanningCreate = Type.Object(
  { ...created, date, date_to: Type.Optional(dateTo) },
  requiredUnless({ planning: [{ kind: 3 }] }),
);
/** POST /plannings/range: one entry per working day of the employee from date to date_to (required; the same schema otherwise). */
export const PlanningRangeCreate = Type.Object(
  { ...created, date, date_to: dateTo },
  requiredUnless({ planning: [{ kind: 3 }] }),
);
export type PlanningRangeCreateT = Static<typeof PlanningRangeCreate>;
export const PlanningUpdate = Type.Object({
  employee_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  date: Type.Optional(DateOnly()),
  project_id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
  ...writable,
});
export type PlanningCreateT = Static<typeof PlanningCreate>;
export type PlanningUpdateT = Static<typeof PlanningUpdate>;

const ids = (item: ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer>, description: string) =>
  Type.Optional(Type.Array(item, { maxItems: 1000, description }));

/** Filters shared by /plannings, /default-plannings and /resource-plannings. */
export const planFilters = {
  date_from: Type.Optional(DateOnly({ description: 'Inclusive lower bound (an empty value is 422).' })),
  date_to: Type.Optional(DateOnly({ description: 'Inclusive upper bound (an empty value is 422).' })),
  'employee_ids[]': ids(Type.String({ maxLength: 255 }), 'Usernames; unknown ones match nothing.'),
  'project_ids[]': ids(Type.Integer({ minimum: 1, maximum: MAX_ID }), 'Project ids; unknown ones match nothing.'),
  'customer_numbers[]': ids(
    Type.String({ maxLength: 255 }),
    'Customer numbers of the projects; unknown ones match nothing.',
  ),
};

export const PlanningListQuery = listQuery({
  ...planFilters,
  include_defaults: Type.Optional(
    Nullable(
      Type.Boolean({
        description:
          'Add a synthetic entry per working day of the window from the default plannings where no explicit entry exists for the same employee and project (a window of at most 366 days; a missing bound: the calendar year of the other, or the current year).',
      }),
    ),
  ),
});
