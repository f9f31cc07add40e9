// My month: the month's calendar with booked against target hours per day, missing days highlighted (a past working
// day with a target, nothing booked, no absence or holiday), and the working-time balance at the end of each of the
// last months as a chart (BalanceChart). Requests to show the current month: the session, the employee's days of the
// last months (one request) and the balance (docs/web-app.md "My month"). With `employee`, someone else's month as
// they see it, with its bookings: the timesheet review (/timesheet/<username>/YYYY-MM).
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, addDays, employeeDays, today, workBalance, type EmployeeDay, type Session } from './api';
import { t } from './i18n';
import { navigate } from './nav';
import { AppBar } from './AppBar';
import { BalanceChart } from './BalanceChart';
import { hours } from './DayFacts';
import { MonthCalendar, isMissing } from './MonthCalendar';
import { MonthBookings } from './MonthBookings';
import { MonthNav, monthEnd, monthName, shiftMonth } from './months';

const CHART_MONTHS = 6;
interface Props {
  session: Session;
  month?: string;
  /** Someone else's month (a timesheet review); default: the signed-in person's own. */
  employee?: string;
  onSignOut: () => void;
  onEnded: () => void;
}

export function Month({ session, month: wanted, employee, onSignOut, onEnded }: Props) {
  const now = today();
  const month = wanted ?? now.slice(0, 7);
  const who = employee ?? session.employee;
  const own = who === session.employee;
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
    Promise.all([...ranges.map(([a, b]) => employeeDays(session, a!, b!, who)), workBalance(session, who)])
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
        // Someone else's month the rights do not reach is 403, or 404 like an unknown person (docs/api/permissions.md).
        const refused = !own && e instanceof ApiFailure && [403, 404].includes(e.status);
        setFailed(refused ? t().timesheetNotAllowed : (e as Error).message);
      });
    return () => (current = false);
  }, [month, who]);

  const inMonth = [...(days?.values() ?? [])].filter((d) => d.date.startsWith(month));
  const booked = inMonth.reduce((s, d) => s + d.booked_hours, 0);
  const target = inMonth.reduce((s, d) => s + d.target_hours, 0);
  const missing = inMonth.filter((d) => isMissing(d, now));
  const go = (m: string) => navigate(own ? `/month/${m}` : `/timesheet/${encodeURIComponent(who)}/${m}`);
  const title = own ? t().myMonth : t().timesheetOf(who);

  return (
    <>
      <AppBar session={session} onSignOut={onSignOut} />
      <main class="month" aria-busy={days === null}>
        <div class="week-head">
          <h1>{title}</h1>
          <MonthNav month={month} label={title} go={go} />
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
          !failed && <p class="loading">{t().loading}</p>
        ) : (
          <>
            <MonthCalendar month={month} days={days} now={now} linked={own} />
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
            {!own && <MonthBookings session={session} employee={who} month={month} />}
          </>
        )}
      </main>
    </>
  );
}
