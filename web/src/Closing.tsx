// Month closing (/closing, /closing/YYYY-MM), for those who read every closing (Controllers, Administrators): each
// employee employed in the month with booked against target hours and the missing days; close the month for one,
// the selected or everyone, reopen it. A closed month is the booking lock the API enforces (My week shows its days
// locked). Requests: the session and the month's overview, once more after each change (docs/web-app.md).
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, type Session } from './api';
import { AppBar } from './AppBar';
import { closeMonth, monthOverview, reopenMonth, type EmployeeMonth, type MonthOverview } from './closing-api';
import { hours } from './DayFacts';
import { t } from './i18n';
import { MonthNav, monthName } from './months';
import { navigate } from './nav';
import { today } from './api';

interface Props {
  session: Session;
  month?: string;
  onSignOut: () => void;
  onEnded: () => void;
}

const nameOf = (e: EmployeeMonth) => `${e.lastname}, ${e.firstname}`;

export function Closing({ session, month: wanted, onSignOut, onEnded }: Props) {
  const month = wanted ?? today().slice(0, 7);
  const [overview, setOverview] = useState<MonthOverview | null>(null);
  const [failed, setFailed] = useState<{ status: number; message: string } | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [refusals, setRefusals] = useState<string[]>([]);

  const load = () =>
    monthOverview(session, month)
      .then((o) => {
        setOverview(o);
        setFailed(null);
      })
      .catch((e) => {
        if (e instanceof ApiFailure && e.status === 401) return onEnded();
        setFailed({ status: e instanceof ApiFailure ? e.status : 0, message: (e as Error).message });
      });
  useEffect(() => {
    setOverview(null);
    setSelected(new Set());
    void load();
  }, [month]);

  const act = async (change: () => Promise<string[]>, done: string) => {
    setBusy(true);
    const refused = await change();
    setRefusals(refused);
    await load();
    setSelected(new Set());
    setBusy(false);
    setStatus(refused.length ? '' : done);
  };
  const close = (who: (string | null)[]) => act(() => closeMonth(session, month, who), t().closedDone);
  const reopen = (closing: number) => act(() => reopenMonth(session, closing), t().reopenedDone);
  const open = overview?.employees.filter((e) => e.closing_id === null) ?? [];
  const toggle = (username: string) => {
    const next = new Set(selected);
    if (next.has(username)) next.delete(username);
    else next.add(username);
    setSelected(next);
  };

  return (
    <>
      <AppBar session={session} onSignOut={onSignOut} />
      <main class="closing" aria-busy={overview === null && !failed}>
        <div class="week-head">
          <h1>{t().monthClosing}</h1>
          <MonthNav month={month} label={t().monthClosing} go={(m) => navigate(`/closing/${m}`)} />
          <p class="range">{monthName(month)}</p>
        </div>
        <p class="sr-only" role="status">
          {status}
        </p>
        {failed && (
          <p class="form-error" role="alert">
            {failed.status === 403 ? t().closingNotAllowed : failed.message}
          </p>
        )}
        {refusals.length > 0 && (
          <p class="form-error" role="alert">
            {refusals.join(' ')}
          </p>
        )}
        {overview === null && !failed && <p class="loading">{t().loading}</p>}
        {overview && (
          <>
            <div class="closing-actions">
              {overview.closing_id === null ? (
                <>
                  <button type="button" class="primary" disabled={busy} onClick={() => close([null])}>
                    {t().closeForAll}
                  </button>
                  <button type="button" disabled={busy || selected.size === 0} onClick={() => close([...selected])}>
                    {t().closeSelected(selected.size)}
                  </button>
                </>
              ) : (
                <>
                  <strong class="closed-all">{t().closedForAll}</strong>
                  <button type="button" disabled={busy} onClick={() => reopen(overview.closing_id!)}>
                    {t().reopenForAll}
                  </button>
                </>
              )}
            </div>
            <div class="table-scroll" tabIndex={0} role="region" aria-label={t().monthClosing}>
              <table class="report-table closing-table">
                <thead>
                  <tr>
                    <th scope="col">
                      <input
                        type="checkbox"
                        aria-label={t().selectAllOpen}
                        checked={open.length > 0 && open.every((e) => selected.has(e.employee_id))}
                        disabled={overview.closing_id !== null || open.length === 0}
                        onChange={(e) =>
                          setSelected(new Set(e.currentTarget.checked ? open.map((o) => o.employee_id) : []))
                        }
                      />
                    </th>
                    <th scope="col">{t().employee}</th>
                    <th scope="col" class="num">
                      {t().booked}
                    </th>
                    <th scope="col" class="num">
                      {t().target}
                    </th>
                    <th scope="col" class="num">
                      {t().difference}
                    </th>
                    <th scope="col">{t().missingDaysTitle}</th>
                    <th scope="col">{t().state}</th>
                  </tr>
                </thead>
                <tbody>
                  {overview.employees.map((e) => {
                    const closed = e.closing_id !== null || overview.closing_id !== null;
                    return (
                      <tr key={e.employee_id} data-employee={e.employee_id} class={closed ? 'closed' : ''}>
                        <td>
                          <input
                            type="checkbox"
                            aria-label={t().selectEmployee(nameOf(e))}
                            checked={selected.has(e.employee_id)}
                            disabled={closed}
                            onChange={() => toggle(e.employee_id)}
                          />
                        </td>
                        <th scope="row">
                          <a
                            href={`/timesheet/${encodeURIComponent(e.employee_id)}/${month}`}
                            onClick={(ev) => {
                              ev.preventDefault();
                              navigate(`/timesheet/${encodeURIComponent(e.employee_id)}/${month}`);
                            }}
                          >
                            {nameOf(e)}
                          </a>
                        </th>
                        <td class="num">{hours(e.booked_hours)}</td>
                        <td class="num">{hours(e.target_hours)}</td>
                        <td class={`num ${e.booked_hours < e.target_hours ? 'short' : ''}`}>
                          {hours(Math.round((e.booked_hours - e.target_hours) * 100) / 100)}
                        </td>
                        <td class="missing-days">
                          {e.missing_days.length === 0
                            ? '—'
                            : `${e.missing_days.length}: ${e.missing_days.map((d) => Number(d.slice(8))).join(', ')}`}
                        </td>
                        <td class="state">
                          {closed ? t().closedState : t().openState}{' '}
                          {e.closing_id !== null && (
                            <button type="button" class="link" disabled={busy} onClick={() => reopen(e.closing_id!)}>
                              {t().reopenFor(nameOf(e))}
                            </button>
                          )}
                          {!closed && (
                            <button type="button" class="link" disabled={busy} onClick={() => close([e.employee_id])}>
                              {t().closeFor(nameOf(e))}
                            </button>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </>
        )}
      </main>
    </>
  );
}
