// My month: the month's calendar with booked against target hours per day, missing days highlighted (a past working
// day with a target, nothing booked, no absence or holiday), and the working-time balance at the end of each of the
// last months as a chart (BalanceChart). Requests to show the current month: the session, the employee's days of the
// last months (one request) and the balance (docs/web-app.md "My month").
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, addDays, employeeDays, mondayOf, today, workBalance, type EmployeeDay, type Session } from './api';
import { t } from './i18n';
import { navigate } from './nav';
import { AppBar } from './AppBar';
import { BalanceChart } from './BalanceChart';
import { DayFacts, hours } from './DayFacts';
import { MonthNav, monthEnd, monthName, shiftMonth } from './months';

const CHART_MONTHS = 6;
/** A past working day with a target and nothing booked, on which the employee is neither absent nor off. */
export const isMissing = (d: EmployeeDay, now: string) =>
  d.date < now && d.target_hours > 0 && d.booked_hours === 0 && d.absences.length === 0 && !d.holiday;

interface Props {
  session: Session;
  month?: string;
  onSignOut: () => void;
  onEnded: () => void;
}

export function Month({ session, month: wanted, onSignOut, onEnded }: Props) {
  const now = today();
  const month = wanted ?? now.slice(0, 7);
  const [days, setDays] = useState<Map<string, EmployeeDay> | null>(null);
  const [balances, setBalances] = useState<{ month: string; balance: number }[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    setDays(null);
    let current = true;
    const yesterday = addDays(now, -1);
    const chartStart = `${shiftMonth(now.slice(0, 7), 1 - CHART_MONTHS)}-01`;
    const [first, last] = [`${month}-01`, monthEnd(month)];
    // One range for the month and the chart when the month is among the chart's (the current one is); else two.
    const together = first >= chartStart;
    const ranges = together
      ? [[chartStart, last > yesterday ? last : yesterday]]
      : [
          [first, last],
          [chartStart, yesterday],
        ];
    Promise.all([...ranges.map(([a, b]) => employeeDays(session, a!, b!)), workBalance(session)])
      .then((answers) => {
        if (!current) return;
        const balance = answers.pop() as number | null;
        const all = new Map<string, EmployeeDay>();
        for (const a of answers as Awaited<ReturnType<typeof employeeDays>>[])
          for (const d of a.days) all.set(d.date, d);
        setDays(all);
        setFailed(null);
        if (balance === null) return setBalances([]);
        // The balance at a month's end: today's (as of yesterday) less what the days after it added.
        const months = Array.from({ length: CHART_MONTHS }, (_, i) =>
          shiftMonth(now.slice(0, 7), i + 1 - CHART_MONTHS),
        );
        setBalances(
          months.map((m) => {
            let b = balance;
            for (const d of all.values())
              if (d.date > monthEnd(m) && d.date <= yesterday) b -= d.booked_hours - d.target_hours;
            return { month: m, balance: Math.round(b * 100) / 100 };
          }),
        );
      })
      .catch((e) => {
        if (e instanceof ApiFailure && e.status === 401) return onEnded();
        setFailed((e as Error).message);
      });
    return () => (current = false);
  }, [month]);

  const inMonth = [...(days?.values() ?? [])].filter((d) => d.date.startsWith(month));
  const booked = inMonth.reduce((s, d) => s + d.booked_hours, 0);
  const target = inMonth.reduce((s, d) => s + d.target_hours, 0);
  const missing = inMonth.filter((d) => isMissing(d, now));
  // Weeks Monday to Sunday covering the month.
  const weeks: string[][] = [];
  for (let monday = mondayOf(`${month}-01`); monday <= monthEnd(month); monday = addDays(monday, 7))
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(monday, i)));
  const go = (m: string) => navigate(`/month/${m}`);

  return (
    <>
      <AppBar who={session.employee} onSignOut={onSignOut} />
      <main class="month" aria-busy={days === null}>
        <div class="week-head">
          <h1>{t().myMonth}</h1>
          <MonthNav month={month} label={t().myMonth} go={go} />
          <p class="range">
            {monthName(month)} · {t().booked}: <strong id="month-booked">{hours(booked)}</strong> {t().ofTarget}{' '}
            <strong id="month-target">{hours(target)}</strong>
            {missing.length > 0 && (
              <>
                {' · '}
                <strong class="short" id="month-missing">
                  {t().missingDays(missing.length)}
                </strong>
              </>
            )}
          </p>
        </div>
        {failed && (
          <p class="form-error" role="alert">
            {failed}
          </p>
        )}
        {days === null ? (
          <p class="loading">{t().loading}</p>
        ) : (
          <>
            <table class="calendar">
              <caption class="sr-only">{monthName(month)}</caption>
              <thead>
                <tr>
                  {t().weekdaysShort.map((d, i) => (
                    <th scope="col" key={d}>
                      <abbr title={t().weekdays[i]}>{d}</abbr>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {weeks.map((week) => (
                  <tr key={week[0]}>
                    {week.map((date) => {
                      const d = days.get(date);
                      if (!date.startsWith(month) || !d) return <td key={date} class="outside" />;
                      const miss = isMissing(d, now);
                      const cls = [
                        'cal-day',
                        miss && 'missing',
                        d.holiday && 'holiday',
                        d.absences.length > 0 && 'absent',
                        d.locked && 'locked',
                        !d.working_day && 'off',
                        date === now && 'today',
                      ].filter(Boolean);
                      return (
                        <td key={date} class={cls.join(' ')} data-date={date}>
                          <a
                            href={`/week/${date}`}
                            onClick={(e) => {
                              e.preventDefault();
                              navigate(`/week/${date}`);
                            }}
                          >
                            <span class="num">{Number(date.slice(8))}</span>
                            <span class="hrs">
                              <span class="sr-only">{t().booked}: </span>
                              {hours(d.booked_hours)}
                              {d.target_hours > 0 && (
                                <span class="of">
                                  <span class="sr-only"> {t().ofTarget}</span> / {hours(d.target_hours)}
                                </span>
                              )}
                            </span>
                            {miss && <span class="flag">{t().missing}</span>}
                            {(d.holiday || d.absences.length > 0 || d.locked) && (
                              <span class="marks" aria-hidden="true">
                                {d.holiday && '★'}
                                {d.absences.length > 0 && '○'}
                                {d.locked && '×'}
                              </span>
                            )}
                          </a>
                          <div class="sr-only">
                            <DayFacts day={d} />
                          </div>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
            <p class="legend">
              <span class="sr-only">{t().legend}: </span>
              <span class="key missing">{t().missing}</span> <span aria-hidden="true">★</span> {t().holiday}{' '}
              <span aria-hidden="true">○</span> {t().absent} <span aria-hidden="true">×</span> {t().lockedDay}
            </p>
            {balances && balances.length > 0 && (
              <BalanceChart
                title={t().balanceChart(balances.length)}
                bars={balances.map((b, i) => ({
                  label: i === balances.length - 1 ? t().balanceNow : monthName(b.month, 'short'),
                  value: b.balance,
                  text: hours(b.balance),
                }))}
              />
            )}
          </>
        )}
      </main>
    </>
  );
}
