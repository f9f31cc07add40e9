// GET /reports/hours, /reports/uninvoiced, /reports/budget (zeitkonto extension, docs/api/reports.md): paged like
// every list (page, limit, orderBy, order; links and meta), with the totals of all rows; `format=csv|xlsx` answers
// every row as a spreadsheet with a totals row.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZkApp } from '../../types.js';
import { envelope, DEFAULT_LIMIT, type ListQueryValues } from '../../http/list/index.js';
import { responses } from '../../http/schemas.js';
import { readsAll } from '../../access/authorize.js';
import { ErrorBag } from '../../values/errors.js';
import { isValidDate } from '../../values/formats.js';
import { scopeOf } from '../crud/index.js';
import type { BookingFilters } from './reports.repository.js';
import {
  BudgetReportQuery,
  BudgetRow,
  BudgetTotals,
  HoursReportQuery,
  HoursReportRow,
  HoursTotals,
  Report,
  UninvoicedReportQuery,
  UninvoicedRow,
  UninvoicedTotals,
  type BudgetReportQueryT,
  type Dimension,
  type HoursReportQueryT,
  type UninvoicedReportQueryT,
} from './reports.schemas.js';
import { checkWindow, hoursReport, parseGroupBy, sortRows, type Viewer } from './reports.service.js';
import { budgetReport, uninvoicedReport } from './reports-billing.service.js';
import { exportFormat, sendExport, type ColumnKind, type ExportColumn } from './reports.export.js';

const tags = ['Reports'];
const config = { extension: true };

/** The caller's rows of the report (access/rows.ts), applied by the report's queries. */
function rowsOf(req: FastifyRequest): BookingFilters['rows'] {
  const rows = req.listFilter;
  if (rows) rows.applied = true;
  return rows;
}

const viewerOf = (req: FastifyRequest): Viewer => ({
  rates: readsAll(req.caller, 'price-tables'),
  internal: readsAll(req.caller, 'internal-rates'),
});

/** The booking filters of a report's query. */
function filtersOf(q: Record<string, unknown>): BookingFilters {
  return {
    employee_ids: q['employee_ids[]'] as string[] | undefined,
    department_ids: q['department_ids[]'] as number[] | undefined,
    customer_numbers: q['customer_numbers[]'] as string[] | undefined,
    project_ids: q['project_ids[]'] as number[] | undefined,
    task_ids: q['task_ids[]'] as number[] | undefined,
    activity_ids: q['activity_ids[]'] as string[] | undefined,
    billable: q.billable as boolean | undefined,
    billing_status: q['billing_status[]'] as number[] | undefined,
  };
}

/** The kind of each column a report row may have, for its spreadsheet. */
const KINDS: Record<string, ColumnKind> = {
  project: 'number',
  task: 'number',
  department: 'number',
  day: 'date',
  first_day: 'date',
  last_day: 'date',
  start_date: 'date',
  end_date: 'date',
  billable: 'boolean',
};
const kindOf = (key: string, sample: unknown): ColumnKind =>
  KINDS[key] ?? (typeof sample === 'number' ? 'number' : 'text');

/** Sort, then a page of the rows in the list envelope, or every row as a spreadsheet. */
async function answer(
  req: FastifyRequest,
  reply: FastifyReply,
  name: string,
  keys: readonly string[],
  measures: readonly string[],
  all: Record<string, unknown>[],
  totals: Record<string, unknown>,
) {
  const q = req.query as ListQueryValues;
  const rows = sortRows(all, keys, q.orderBy, q.order);
  const format = exportFormat(req);
  if (format) {
    // The dimensions always; the measures the caller may see.
    const present = [...keys, ...measures.filter((k) => rows.some((r) => k in r) || k in totals)];
    const columns: ExportColumn[] = present.map((k) => ({ key: k, kind: kindOf(k, rows[0]?.[k] ?? totals[k]) }));
    return sendExport(reply, format, name, columns, rows, totals);
  }
  const limit = q.limit ?? DEFAULT_LIMIT;
  const page = q.page ?? 1;
  const data = rows.slice((page - 1) * limit, page * limit);
  return { ...envelope(req, { rows: data, total: rows.length, page, limit }, data), totals };
}

const HOURS_MEASURES = ['hours', 'billable_hours', 'amount', 'internal_cost', 'planned_hours'];

export default async function reportRoutes(app: ZkApp) {
  app.get(
    '/reports/hours',
    {
      config,
      schema: {
        summary: 'Hours and money of the bookings by up to three dimensions (zeitkonto extension)',
        description:
          'One row per group of `group_by` with its measures, `totals` over every row; money only for callers who may read rates (docs/api/reports.md).',
        tags,
        querystring: HoursReportQuery,
        response: responses({ 200: Report(HoursReportRow, HoursTotals) }),
      },
    },
    async (req, reply) => {
      const q = req.query as HoursReportQueryT;
      const errors = new ErrorBag();
      const dims: Dimension[] = parseGroupBy(q.group_by, errors);
      checkWindow(q.start_date, q.end_date, errors);
      errors.throwIfAny();
      const f = { ...filtersOf(q), start_date: q.start_date, end_date: q.end_date, rows: rowsOf(req) };
      const { rows, totals } = await hoursReport(scopeOf(app, req), f, dims, viewerOf(req));
      return answer(req, reply, 'hours-report', dims, HOURS_MEASURES, rows, { ...totals });
    },
  );

  app.get(
    '/reports/uninvoiced',
    {
      config,
      schema: {
        summary: 'Billable work on no billed invoice, per customer or project (zeitkonto extension)',
        description: 'The basis of the next invoice (docs/api/reports.md#uninvoiced).',
        tags,
        querystring: UninvoicedReportQuery,
        response: responses({ 200: Report(UninvoicedRow, UninvoicedTotals) }),
      },
    },
    async (req, reply) => {
      const q = req.query as UninvoicedReportQueryT;
      const errors = new ErrorBag();
      checkWindow(q.start_date, q.end_date, errors);
      errors.throwIfAny();
      const group = q.group_by ?? 'project';
      const { rows, totals } = await uninvoicedReport(scopeOf(app, req), q, rowsOf(req), viewerOf(req));
      return answer(req, reply, 'uninvoiced-report', [group], ['hours', 'amount', 'first_day', 'last_day'], rows, {
        ...totals,
      });
    },
  );

  app.get(
    '/reports/budget',
    {
      config,
      schema: {
        summary: 'Budget of projects: planned and booked hours and amounts, to date and forecast (zeitkonto extension)',
        description: 'One row per project (docs/api/reports.md#budget).',
        tags,
        querystring: BudgetReportQuery,
        response: responses({ 200: Report(BudgetRow, BudgetTotals) }),
      },
    },
    async (req, reply) => {
      const q = req.query as BudgetReportQueryT;
      if (q.as_of !== undefined && !isValidDate(q.as_of))
        new ErrorBag().add('as_of', 'The as of field must be a valid date in the format YYYY-MM-DD.').throwIfAny();
      const { rows, totals } = await budgetReport(scopeOf(app, req), q, rowsOf(req), viewerOf(req));
      const measures = Object.keys(BudgetRow.properties).filter((k) => k !== 'project');
      return answer(req, reply, 'budget-report', ['project'], measures, rows, { ...totals });
    },
  );
}
