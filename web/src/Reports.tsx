// Reports: hours (and, for those who may see rates, money) of the bookings the person may read, by one or two
// dimensions over a period — a stacked bar chart, the table with its totals, CSV and XLSX downloads and a print
// layout. The report is in the page's address (/reports?group_by=…), so the link reopens it (docs/web-app.md
// "Reports"). Requests: the session and the report (plus project or department names when grouped by them).
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, today, type Session } from './api';
import { AppBar } from './AppBar';
import { Field } from './Field';
import { t } from './i18n';
import {
  DIMENSIONS,
  REPORT_MAX_ROWS,
  ReportRefused,
  hoursReport,
  paramsOf,
  queryOf,
  reportFileUrl,
  type Dimension,
  type Report,
  type ReportParams,
  type ReportRow,
} from './reports-api';
import { COLOURS, StackedChart, type Stack } from './StackedChart';
import { labelOf, ReportTable } from './ReportTable';

/** Bars over the first dimension (in the report's order), stacks of the second, largest first; beyond the palette
 * the smallest are one "other" stack. */
function chartOf(report: Report, dims: Dimension[]): { bars: string[]; stacks: Stack[] } {
  const bars = [...new Set(report.rows.map((r) => labelOf(report, dims[0]!, r)))];
  const index = new Map(bars.map((b, i) => [b, i]));
  const byStack = new Map<string, number[]>();
  for (const row of report.rows) {
    const stack = dims[1] ? labelOf(report, dims[1], row) : t().hoursTitle;
    const values = byStack.get(stack) ?? bars.map(() => 0);
    values[index.get(labelOf(report, dims[0]!, row))!]! += row.hours;
    byStack.set(stack, values);
  }
  const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);
  const stacks = [...byStack]
    .map(([label, values]) => ({ label, values }))
    .sort((a, b) => sum(b.values) - sum(a.values));
  if (stacks.length <= COLOURS.length) return { bars, stacks };
  const rest = stacks.slice(COLOURS.length - 1);
  const other = { label: t().otherStacks, values: bars.map((_, i) => sum(rest.map((s) => s.values[i]!))) };
  return { bars, stacks: [...stacks.slice(0, COLOURS.length - 1), other] };
}

interface Props {
  session: Session;
  onSignOut: () => void;
  onEnded: () => void;
}

export function Reports({ session, onSignOut, onEnded }: Props) {
  const [params, setParams] = useState<ReportParams>(() => paramsOf(location.search, today()));
  const [draft, setDraft] = useState<ReportParams>(params);
  const [report, setReport] = useState<Report | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setReport(null);
    hoursReport(session, params)
      .then((r) => {
        if (!current) return;
        setReport(r);
        setErrors({});
        setFailed(null);
      })
      .catch((e) => {
        if (!current) return;
        if (e instanceof ApiFailure && e.status === 401) return onEnded();
        if (e instanceof ReportRefused) return setErrors(e.fields);
        setFailed((e as Error).message);
      });
    return () => (current = false);
  }, [params]);

  const show = (e: Event) => {
    e.preventDefault();
    history.pushState(null, '', `/reports?${queryOf(draft)}`);
    setParams({ ...draft, group_by: [...draft.group_by] });
  };
  useEffect(() => {
    const back = () => {
      const p = paramsOf(location.search, today());
      setDraft(p);
      setParams(p);
    };
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, []);

  const dimName = (d: Dimension) => t().reportDims[d];
  const dims = params.group_by;
  const chart = report && report.rows.length > 0 ? chartOf(report, dims) : null;
  const setDim = (i: number, value: string) => {
    const next = [...draft.group_by];
    if (value) next[i] = value as Dimension;
    else next.splice(i, 1);
    setDraft({ ...draft, group_by: [...new Set(next)] });
  };

  return (
    <>
      <AppBar session={session} onSignOut={onSignOut} />
      <main class="reports" aria-busy={report === null && !failed}>
        <h1>{t().reports}</h1>
        <form class="report-form" onSubmit={show} noValidate>
          {(['start_date', 'end_date'] as const).map((key) => (
            <Field
              key={key}
              id={`report-${key}`}
              label={key === 'start_date' ? t().reportFrom : t().reportTo}
              error={errors[key]}
            >
              <input
                id={`report-${key}`}
                type="date"
                value={draft[key]}
                required
                onInput={(e) => setDraft({ ...draft, [key]: e.currentTarget.value })}
              />
            </Field>
          ))}
          <Field id="report-by" label={t().reportBy} error={errors.group_by}>
            <select id="report-by" value={draft.group_by[0]} onChange={(e) => setDim(0, e.currentTarget.value)}>
              {DIMENSIONS.map((d) => (
                <option key={d} value={d}>
                  {dimName(d)}
                </option>
              ))}
            </select>
          </Field>
          <Field id="report-split" label={t().reportSplit}>
            <select
              id="report-split"
              value={draft.group_by[1] ?? ''}
              onChange={(e) => setDim(1, e.currentTarget.value)}
            >
              <option value="">{t().none}</option>
              {DIMENSIONS.filter((d) => d !== draft.group_by[0]).map((d) => (
                <option key={d} value={d}>
                  {dimName(d)}
                </option>
              ))}
            </select>
          </Field>
          <Field id="report-billable" label={t().billable} error={errors.billable}>
            <select
              id="report-billable"
              value={draft.billable}
              onChange={(e) => setDraft({ ...draft, billable: e.currentTarget.value as ReportParams['billable'] })}
            >
              <option value="">{t().reportAll}</option>
              <option value="true">{t().yes}</option>
              <option value="false">{t().no}</option>
            </select>
          </Field>
          <button type="submit" class="primary">
            {t().reportShow}
          </button>
        </form>
        {failed && (
          <p class="form-error" role="alert">
            {failed}
          </p>
        )}
        {report === null && !failed && Object.keys(errors).length === 0 && <p class="loading">{t().loading}</p>}
        {report && (
          <section class="report-result" aria-labelledby="report-heading">
            <div class="report-head">
              <h2 id="report-heading">
                {t().reportTitle(dims.map(dimName).join(' × '), params.start_date, params.end_date)}
              </h2>
              <div class="report-actions">
                <a class="button" href={reportFileUrl(session, params, 'csv')} download>
                  CSV
                </a>
                <a class="button" href={reportFileUrl(session, params, 'xlsx')} download>
                  XLSX
                </a>
                <button type="button" onClick={() => print()}>
                  {t().reportPrint}
                </button>
              </div>
            </div>
            {report.rows.length === 0 ? (
              <p class="empty">{t().reportEmpty}</p>
            ) : (
              <>
                {chart && (
                  <StackedChart title={t().reportChart(dimName(dims[0]!))} bars={chart.bars} stacks={chart.stacks} />
                )}
                {report.total > report.rows.length && (
                  <p class="hint">{t().reportFirstRows(REPORT_MAX_ROWS, report.total)}</p>
                )}
                <ReportTable report={report} dims={dims} />
              </>
            )}
          </section>
        )}
      </main>
    </>
  );
}
