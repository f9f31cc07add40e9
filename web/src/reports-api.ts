// The hours report (GET /reports/hours, a zeitkonto extension: docs/api/reports.md) as the Reports page asks it: the
// report's parameters live in the page's address, so a link reopens the same report (docs/web-app.md "Reports").
import type { Schemas } from '@zeitkonto/client';
import { ApiFailure, type Session } from './api';

export type ReportRow = Schemas['HoursReportRow'];
export type ReportTotals = Schemas['HoursReportTotals'];

export const DIMENSIONS = [
  'month',
  'week',
  'day',
  'project',
  'customer',
  'employee',
  'department',
  'task',
  'activity',
  'billable',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** The rows one page of the report shows (the API's largest page); the exports hold every row. */
export const REPORT_MAX_ROWS = 200;

export interface ReportParams {
  /** One or two dimensions: bars over the first, stacked by the second. */
  group_by: Dimension[];
  start_date: string;
  end_date: string;
  /** '' all bookings, 'true' billable only, 'false' not billable only. */
  billable: '' | 'true' | 'false';
}

const isDimension = (value: string): value is Dimension => (DIMENSIONS as readonly string[]).includes(value);

/** The report a page address asks for (`?group_by=month,project&start_date=…`), with defaults for what it lacks. */
export function paramsOf(search: string, today: string): ReportParams {
  const q = new URLSearchParams(search);
  const dims = (q.get('group_by') ?? '').split(',').filter(isDimension).slice(0, 2);
  const billable = q.get('billable');
  return {
    group_by: dims.length ? dims : ['month', 'project'],
    start_date: q.get('start_date') ?? `${today.slice(0, 4)}-01-01`,
    end_date: q.get('end_date') ?? today,
    billable: billable === 'true' || billable === 'false' ? billable : '',
  };
}

/** The query of a report, for the page's address and for the API. */
export function queryOf(p: ReportParams): URLSearchParams {
  const q = new URLSearchParams({ group_by: p.group_by.join(','), start_date: p.start_date, end_date: p.end_date });
  if (p.billable) q.set('billable', p.billable);
  return q;
}

export interface Report {
  rows: ReportRow[];
  totals: ReportTotals;
  /** Rows of the whole report (more than `rows` holds when over REPORT_MAX_ROWS). */
  total: number;
  /** Display names of project and department ids. */
  names: { project: Map<number, string>; department: Map<number, string> };
}

/** A report refused for its input: the API's message per parameter (422). */
export class ReportRefused extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(Object.values(fields).join(' '));
  }
}

export async function hoursReport(s: Session, p: ReportParams): Promise<Report> {
  const needs = (d: Dimension) => p.group_by.includes(d);
  const [report, projects, departments] = await Promise.all([
    s.api.GET('/reports/hours', {
      params: {
        query: {
          group_by: p.group_by.join(','),
          start_date: p.start_date,
          end_date: p.end_date,
          ...(p.billable ? { billable: p.billable === 'true' } : {}),
          limit: REPORT_MAX_ROWS,
        },
      },
    }),
    needs('project') ? s.api.GET('/projects', { params: { query: { limit: 200 } } }) : undefined,
    needs('department') ? s.api.GET('/departments', { params: { query: { limit: 200 } } }) : undefined,
  ]);
  const { data, error, response } = report;
  if (!data) {
    const errors = (error as { errors?: Record<string, string[]> }).errors;
    if (response.status === 422 && errors)
      throw new ReportRefused(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.join(' ')])));
    throw new ApiFailure(error.message, response.status);
  }
  return {
    rows: data.data,
    totals: data.totals,
    total: data.meta.total ?? data.data.length,
    names: {
      project: new Map((projects?.data?.data ?? []).map((x) => [x.id, x.name])),
      department: new Map((departments?.data?.data ?? []).map((x) => [x.id, x.name])),
    },
  };
}

/** The address of the whole report as a file (CSV or XLSX); the session's cookie authorises the download. */
export const reportFileUrl = (s: Session, p: ReportParams, format: 'csv' | 'xlsx') =>
  `/${encodeURIComponent(s.instance)}/next/api/v1/reports/hours?${queryOf(p)}&format=${format}`;
