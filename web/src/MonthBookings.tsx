// The bookings of someone's month as a table, for the timesheet review (Month with `employee`): date, time, project,
// task, activity, hours, billable, note, and the month's total. Two requests: the bookings and the project names.
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, bookingsOf, type Attendance, type Session } from './api';
import { hours, shortDate } from './DayFacts';
import { t } from './i18n';
import { monthEnd } from './months';

export function MonthBookings({ session, employee, month }: { session: Session; employee: string; month: string }) {
  const [bookings, setBookings] = useState<Attendance[] | null>(null);
  const [projects, setProjects] = useState<Map<number, string>>(new Map());
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setBookings(null);
    Promise.all([
      bookingsOf(session, employee, `${month}-01`, monthEnd(month)),
      session.api.GET('/projects', { params: { query: { limit: 200 } } }),
    ])
      .then(([list, listed]) => {
        if (!current) return;
        setBookings(list);
        setProjects(new Map((listed.data?.data ?? []).map((p) => [p.id, p.name])));
      })
      .catch((e) => current && setFailed(e instanceof ApiFailure ? e.message : String(e)));
    return () => (current = false);
  }, [employee, month]);
  if (failed)
    return (
      <p class="form-error" role="alert">
        {failed}
      </p>
    );
  if (!bookings) return <p class="loading">{t().loading}</p>;
  const total = bookings.reduce((sum, b) => sum + b.duration, 0);
  return (
    <section class="month-bookings" aria-labelledby="month-bookings-title">
      <h2 id="month-bookings-title">{t().bookingsOfMonth(bookings.length)}</h2>
      <div class="table-scroll" tabIndex={0} role="region" aria-labelledby="month-bookings-title">
        <table class="report-table">
          <thead>
            <tr>
              <th scope="col">{t().date}</th>
              <th scope="col">
                {t().from}–{t().to}
              </th>
              <th scope="col">{t().project}</th>
              <th scope="col">{t().task}</th>
              <th scope="col">{t().activity}</th>
              <th scope="col" class="num">
                {t().hoursTitle}
              </th>
              <th scope="col">{t().billable}</th>
              <th scope="col">{t().note}</th>
            </tr>
          </thead>
          <tbody>
            {bookings.map((b) => (
              <tr key={b.id}>
                <td>{shortDate(b.date.slice(0, 10))}</td>
                <td>
                  {b.from.slice(0, 5)}–{b.to.slice(0, 5)}
                </td>
                <td>{projects.get(b.project_id) ?? `#${b.project_id}`}</td>
                <td>{b.project_task_id === null ? t().none : `#${b.project_task_id}`}</td>
                <td>{b.activity_id}</td>
                <td class="num">{hours(b.duration)}</td>
                <td>{b.billable ? t().yes : t().no}</td>
                <td>{b.note}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={5}>
                {t().total}
              </th>
              <td class="num">{hours(total)}</td>
              <td colSpan={2} />
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
