// The reports' queries and rows (zeitkonto extension, docs/api/reports.md): hours and money of the bookings grouped by
// up to three dimensions, uninvoiced work, and the budget of projects.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { DateOnly, MAX_ID, Nullable, Paginated } from '../../http/schemas.js';
import { listParams } from '../../http/list/index.js';

/** The dimensions a report groups by, in the order rows show them. */
export const DIMENSIONS = [
  'customer',
  'project',
  'task',
  'activity',
  'employee',
  'department',
  'day',
  'week',
  'month',
  'billable',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];
export const MAX_GROUP_BY = 3;
/** The longest window of a report (a year, leap years included). */
export const MAX_REPORT_DAYS = 366;

const ids = <T extends TSchema>(item: T, description: string) =>
  Type.Optional(Type.Array(item, { maxItems: 1000, ...(description ? { description } : {}) }));
const username = Type.String({ maxLength: 255 });
const id = Type.Integer({ minimum: 1, maximum: MAX_ID });

const FORMAT = Type.Optional(
  Type.String({
    enum: ['json', 'csv', 'xlsx'],
    description: '`csv` or `xlsx`: every row and a totals row (docs/api/reports.md); so does Accept.',
  }),
);

/** Filters every booking report takes; unknown ids match nothing. */
export const reportFilters = {
  'employee_ids[]': ids(username, ''),
  'department_ids[]': ids(id, ''),
  'customer_numbers[]': ids(Type.String({ maxLength: 255 }), ''),
  'project_ids[]': ids(id, ''),
  'task_ids[]': ids(id, ''),
  'activity_ids[]': ids(Type.String({ maxLength: 255 }), ''),
  billable: Type.Optional(Type.Boolean({ description: 'Billable or not.' })),
  'billing_status[]': ids(Type.Integer({ minimum: 0, maximum: 3 }), 'Project release 0–3.'),
};

const window = {
  start_date: DateOnly({ description: 'First day of the report.' }),
  end_date: DateOnly({ description: `Last day, on or after start_date, at most ${MAX_REPORT_DAYS} days after it.` }),
};

const paging = {
  page: listParams.page,
  limit: listParams.limit,
  perPage: listParams.perPage,
  // The shared parameter (a dimension or measure of the rows; docs/api/reports.md).
  orderBy: listParams.orderBy,
  order: listParams.order,
  format: FORMAT,
};

export const HoursReportQuery = Type.Object(
  {
    group_by: Type.String({
      maxLength: 200,
      description: `Up to ${MAX_GROUP_BY} dimensions, comma-separated (docs/api/reports.md).`,
      examples: ['customer,month'],
    }),
    ...window,
    ...reportFilters,
    ...paging,
  },
  { additionalProperties: true },
);
export type HoursReportQueryT = Static<typeof HoursReportQuery>;

export const UninvoicedReportQuery = Type.Object(
  {
    group_by: Type.Optional(
      Type.String({ enum: ['customer', 'project'], description: 'customer or project (default).' }),
    ),
    start_date: Type.Optional(DateOnly({ description: 'First day; default: no lower bound.' })),
    end_date: Type.Optional(DateOnly({ description: 'Last day; default: today (UTC).' })),
    'customer_numbers[]': reportFilters['customer_numbers[]'],
    'project_ids[]': reportFilters['project_ids[]'],
    ...paging,
  },
  { additionalProperties: true },
);
export type UninvoicedReportQueryT = Static<typeof UninvoicedReportQuery>;

export const BudgetReportQuery = Type.Object(
  {
    as_of: Type.Optional(DateOnly({ description: 'The day "to date" ends; default: today (UTC).' })),
    'customer_numbers[]': reportFilters['customer_numbers[]'],
    'project_ids[]': reportFilters['project_ids[]'],
    ...paging,
  },
  { additionalProperties: true },
);
export type BudgetReportQueryT = Static<typeof BudgetReportQuery>;

const money = (description: string) => Type.Optional(Type.Number({ description: `${description} Rounded to cents.` }));

/** The measures of a group of bookings; money only for callers who may see rates (docs/api/reports.md). */
export const hoursMeasures = {
  hours: Type.Number({ description: 'Sum of the bookings’ durations.' }),
  billable_hours: Type.Number({ description: 'Sum of the billable bookings’ durations.' }),
  amount: money('Billable hours × each booking’s hourly rate (docs/api/reports.md#valuation).'),
  internal_cost: money('Hours × the employee’s hourly internal rate in force; absent without internal-rates:read.'),
  planned_hours: Nullable(
    Type.Number({
      description: 'Planned hours (plannings and default plannings); null when activity or billable group or filter.',
    }),
  ),
};

export const HoursReportRow = Type.Object(
  {
    customer: Type.Optional(Nullable(Type.String({ description: 'Customer number of the project.' }))),
    project: Type.Optional(Type.Integer()),
    task: Type.Optional(Nullable(Type.Integer())),
    activity: Type.Optional(Nullable(Type.String())),
    employee: Type.Optional(Type.String()),
    department: Type.Optional(Nullable(Type.Integer({ description: "The employee's department." }))),
    day: Type.Optional(Type.String({ examples: ['2026-03-10'] })),
    week: Type.Optional(Type.String({ examples: ['2026-W11'], description: 'ISO week.' })),
    month: Type.Optional(Type.String({ examples: ['2026-03'] })),
    billable: Type.Optional(Nullable(Type.Boolean())),
    ...hoursMeasures,
  },
  { title: 'HoursReportRow' },
);
export type HoursReportRowT = Static<typeof HoursReportRow>;

export const HoursTotals = Type.Object(hoursMeasures, { title: 'HoursReportTotals' });

/** A paged report with the totals of every row (not only the page's). */
export const Report = <T extends ReturnType<typeof Type.Object>>(row: T, totals: ReturnType<typeof Type.Object>) =>
  Type.Composite([Paginated(row), Type.Object({ totals })]);

export const UninvoicedRow = Type.Object(
  {
    customer: Type.Optional(Nullable(Type.String())),
    project: Type.Optional(Type.Integer()),
    hours: Type.Number({ description: 'Billable hours not on a billed invoice.' }),
    amount: money('Their value (as in /reports/hours); absent without price-tables:read.'),
    first_day: Type.String({ description: 'The earliest of those bookings.' }),
    last_day: Type.String({ description: 'The latest of those bookings.' }),
  },
  { title: 'UninvoicedReportRow' },
);
export type UninvoicedRowT = Static<typeof UninvoicedRow>;
export const UninvoicedTotals = Type.Object(
  { hours: UninvoicedRow.properties.hours, amount: UninvoicedRow.properties.amount },
  { title: 'UninvoicedReportTotals' },
);

export const BudgetRow = Type.Object(
  {
    project: Type.Integer(),
    name: Type.String(),
    customer: Nullable(Type.String()),
    start_date: Nullable(Type.String()),
    end_date: Nullable(Type.String()),
    budget_hours: Nullable(Type.Number({ description: "The project's plan_hours." })),
    budget_amount: Type.Optional(Nullable(Type.Number({ description: "The project's plan_wage." }))),
    booked_hours: Type.Number({ description: 'Hours booked up to as_of.' }),
    booked_amount: money('Their value up to as_of.'),
    planned_hours: Type.Number({ description: 'Planned hours up to as_of.' }),
    remaining_planned_hours: Type.Number({ description: "Planned hours after as_of up to the project's end." }),
    forecast_hours: Type.Number({ description: 'booked_hours + remaining_planned_hours.' }),
    forecast_amount: money('booked_amount + remaining planned hours × the average billable rate so far.'),
    burn: Nullable(Type.Number({ description: 'booked_hours / budget_hours (null without a budget).' })),
  },
  { title: 'BudgetReportRow' },
);
export type BudgetRowT = Static<typeof BudgetRow>;
export const BudgetTotals = Type.Object(
  {
    budget_hours: Type.Number(),
    booked_hours: Type.Number(),
    booked_amount: money('Sum.'),
    forecast_hours: Type.Number(),
    forecast_amount: money('Sum.'),
  },
  { title: 'BudgetReportTotals' },
);
