// Team calendar (/team, /team/YYYY-MM): who is absent when over a month, one row per person grouped by department.
// A cell shows the absence's reason when the API shows it (Controllers, Administrators, reasons everyone may see) and
// just "absent" when it withholds it (a colleague's sick day for Users with extended rights); requests not yet
// approved are marked so. For the roles that see others' absences (web/src/roles.ts; docs/web-app.md).
import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, addDays, type Session } from './api';
import { AppBar } from './AppBar';
import type { Absence } from './approvals-api';
import { t } from './i18n';
import { MonthNav, monthEnd, monthName } from './months';
import { navigate } from './nav';
import { SEES_TEAM } from './roles';
import { teamMonth, type TeamMonth } from './team-api';
import { today } from './api';

interface Props {
  session: Session;
  month?: string;
  onSignOut: () => void;
  onEnded: () => void;
}

const weekday = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

/** The absence of the day, if any: what the cell says and how it looks. */
function cellOf(absences: Absence[] | undefined, date: string) {
  const a = absences?.find((x) => x.start_date.slice(0, 10) <= date && x.end_date.slice(0, 10) >= date);
  if (!a) return null;
  const half =
    (a.half_day_from && a.start_date.slice(0, 10) === date) || (a.half_day_to && a.end_date.slice(0, 10) === date);
  return { reason: a.absence_reason_id, approved: a.approved, half };
}

export function Team({ session, month: wanted, onSignOut, onEnded }: Props) {
  const month = wanted ?? today().slice(0, 7);
  const allowed = SEES_TEAM.includes(session.role);
  const [team, setTeam] = useState<TeamMonth | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!allowed) return;
    let current = true;
    setTeam(null);
    teamMonth(session, month)
      .then((m) => current && setTeam(m))
      .catch((e) => {
        if (e instanceof ApiFailure && e.status === 401) return onEnded();
        if (current) setFailed((e as Error).message);
      });
    return () => (current = false);
  }, [month]);

  const days: string[] = [];
  for (let d = `${month}-01`; d <= monthEnd(month); d = addDays(d, 1)) days.push(d);
  let department: number | null = null;

  return (
    <>
      <AppBar session={session} onSignOut={onSignOut} />
      <main class="team" aria-busy={allowed && team === null && !failed}>
        <div class="week-head">
          <h1>{t().teamCalendar}</h1>
          <MonthNav month={month} label={t().teamCalendar} go={(m) => navigate(`/team/${m}`)} />
          <p class="range">{monthName(month)}</p>
        </div>
        {!allowed && (
          <p class="form-error" role="alert">
            {t().teamNotAllowed}
          </p>
        )}
        {failed && (
          <p class="form-error" role="alert">
            {failed}
          </p>
        )}
        {allowed && team === null && !failed && <p class="loading">{t().loading}</p>}
        {team && (
          <>
            <p class="legend">
              {t().teamLegend} <span class="key pending">{t().requested}</span>
            </p>
            <div class="table-scroll" tabIndex={0} role="region" aria-label={t().teamCalendar}>
              <table class="team-grid">
                <caption class="sr-only">{`${t().teamCalendar} ${monthName(month)}`}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t().employee}</th>
                    {days.map((d) => (
                      <th scope="col" key={d} class={weekday(d) > 4 ? 'weekend' : ''}>
                        <abbr title={d}>{Number(d.slice(8))}</abbr>
                        <span class="wd">{t().weekdaysShort[weekday(d)]}</span>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {team.rows.map((row) => {
                    const heading = row.department !== department;
                    department = row.department;
                    return (
                      <Fragment key={row.username}>
                        {heading && (
                          <tr class="department">
                            <th scope="rowgroup" colSpan={days.length + 1}>
                              {team.departments.get(row.department) ?? `#${row.department}`}
                            </th>
                          </tr>
                        )}
                        <tr data-employee={row.username}>
                          <th scope="row">{row.name}</th>
                          {days.map((d) => {
                            const cell = cellOf(team.absences.get(row.username), d);
                            const cls = [
                              weekday(d) > 4 && 'weekend',
                              cell && 'away',
                              cell && !cell.approved && 'pending',
                              cell?.half && 'half',
                            ].filter(Boolean);
                            return (
                              <td key={d} data-date={d} class={cls.join(' ')}>
                                {cell && (
                                  <>
                                    <span aria-hidden="true">{cell.reason || '•'}</span>
                                    <span class="sr-only">
                                      {cell.reason ? `${t().absent}: ${cell.reason}` : t().absent}
                                      {cell.half ? ` (${t().halfDay})` : ''}
                                      {cell.approved ? '' : ` · ${t().requested}`}
                                    </span>
                                  </>
                                )}
                              </td>
                            );
                          })}
                        </tr>
                      </Fragment>
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
