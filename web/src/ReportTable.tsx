// The report's table: a row per group with its dimensions and measures, the totals of every row below. Money
// columns only when the API sends them (the right to see rates: docs/api/reports.md "Permissions").
import { t } from './i18n';
import type { Dimension, Report, ReportRow } from './reports-api';

const number = (n: number) =>
  n.toLocaleString(document.documentElement.lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export /** The text a row shows for a dimension's value. */
function labelOf(report: Report, dim: Dimension, row: ReportRow): string {
  const value = row[dim];
  if (value === null || value === undefined) return t().none;
  if (dim === 'project') return report.names.project.get(value as number) ?? `#${value}`;
  if (dim === 'department') return report.names.department.get(value as number) ?? `#${value}`;
  if (dim === 'task') return `#${value}`;
  if (dim === 'billable') return value ? t().yes : t().no;
  return String(value);
}

export function ReportTable({ report, dims }: { report: Report; dims: Dimension[] }) {
  const dimName = (d: Dimension) => t().reportDims[d];
  const money = report.totals.amount !== undefined;
  const cost = report.totals.internal_cost !== undefined;
  const planned = report.rows.some((r) => r.planned_hours !== null);
  return (
    <div class="table-scroll" tabIndex={0} role="region" aria-label={t().reportTableLabel}>
      <table class="report-table">
        <thead>
          <tr>
            {dims.map((d) => (
              <th key={d} scope="col">
                {dimName(d)}
              </th>
            ))}
            <th scope="col" class="num">
              {t().hoursTitle}
            </th>
            <th scope="col" class="num">
              {t().billableHours}
            </th>
            {money && (
              <th scope="col" class="num">
                {t().amount}
              </th>
            )}
            {cost && (
              <th scope="col" class="num">
                {t().internalCost}
              </th>
            )}
            {planned && (
              <th scope="col" class="num">
                {t().plannedHours}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row, i) => (
            <tr key={i}>
              {dims.map((d) => (
                <td key={d}>{labelOf(report, d, row)}</td>
              ))}
              <td class="num">{number(row.hours)}</td>
              <td class="num">{number(row.billable_hours)}</td>
              {money && <td class="num">{number(row.amount ?? 0)}</td>}
              {cost && <td class="num">{number(row.internal_cost ?? 0)}</td>}
              {planned && <td class="num">{row.planned_hours === null ? '' : number(row.planned_hours)}</td>}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={dims.length}>
              {t().total}
            </th>
            <td class="num">{number(report.totals.hours)}</td>
            <td class="num">{number(report.totals.billable_hours)}</td>
            {money && <td class="num">{number(report.totals.amount ?? 0)}</td>}
            {cost && <td class="num">{number(report.totals.internal_cost ?? 0)}</td>}
            {planned && <td class="num" />}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
