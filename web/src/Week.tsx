// My week: Monday–Sunday of the signed-in employee with each day's bookings, booked against target hours, holidays,
// absences and locked days; previous and next week; add, edit, delete and duplicate a booking in place
// (BookingForm); copy a day or the previous week (CopyDay, one bulk request). Requests to show a week: the session,
// the week's bookings and the employee's days with their projects (docs/web-app.md "Budgets").
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  ApiFailure,
  addDays,
  asInput,
  bookAll,
  employeeDays,
  mondayOf,
  projectChoices,
  today,
  weekBookings,
  type Attendance,
  type BookingInput,
  type CopyResult,
  type EmployeeDay,
  type EmployeeDays,
  type Session,
} from './api';
import { t } from './i18n';
import { navigate } from './nav';
import { AppBar } from './AppBar';
import { BookingForm } from './BookingForm';
import { DayFacts, hours, shortDate } from './DayFacts';

const hhmm = (time: string) => time.slice(0, 5);

/** Which booking form is open: a new one on a day (a duplicate of `template`), or one of the bookings. */
type Editing = { day: string; id: null; template?: Attendance } | { day: string; id: number } | null;

/** What a copy did: its title and each booking's result. */
interface Report {
  title: string;
  results: CopyResult[];
}

interface Props {
  session: Session;
  date?: string;
  onSignOut: () => void;
  /** The session has ended elsewhere (expired, signed out on another tab): back to signing in. */
  onEnded: () => void;
}

export function Week({ session, date, onSignOut, onEnded }: Props) {
  const monday = mondayOf(date ?? today());
  const [bookings, setBookings] = useState<Attendance[] | null>(null);
  const [facts, setFacts] = useState<EmployeeDays | null>(null);
  const [copying, setCopying] = useState<string | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [status, setStatus] = useState('');
  const [failed, setFailed] = useState<string | null>(null);
  const focusAfter = useRef<string | null>(null);

  const load = async () => {
    try {
      const [list, days] = await Promise.all([
        weekBookings(session, monday),
        employeeDays(session, monday, addDays(monday, 6)),
      ]);
      setBookings(list);
      setFacts(days);
      setFailed(null);
    } catch (e) {
      if (e instanceof ApiFailure && e.status === 401) return onEnded();
      setFailed((e as Error).message);
    }
  };
  useEffect(() => {
    setBookings(null);
    setEditing(null);
    setCopying(null);
    setReport(null);
    void load();
  }, [monday]);
  useEffect(() => {
    if (!focusAfter.current) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  });

  const days = [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(monday, i));
  const byDay = new Map(days.map((d) => [d, (bookings ?? []).filter((b) => b.date.startsWith(d))]));
  const total = (list: Attendance[]) => list.reduce((sum, b) => sum + b.duration, 0);
  const projects = facts && projectChoices(facts);
  const projectName = (id: number) => projects?.find((p) => p.id === id)?.name ?? `#${id}`;
  const factsOf = (day: string): EmployeeDay | undefined => facts?.days.find((d) => d.date === day);
  const target = (facts?.days ?? []).reduce((sum, d) => sum + d.target_hours, 0);

  /** Books copies: those on locked days are refused here (the UI books no locked day), the rest in one request. */
  const copy = async (title: string, items: BookingInput[], lockOf: (date: string) => string | null) => {
    const open = items.filter((i) => !lockOf(i.date));
    const written = open.length > 0 ? await bookAll(session, open) : [];
    const results = items.map((i) => {
      const lock = lockOf(i.date);
      return lock ? { booking: i, refused: lock } : written[open.indexOf(i)]!;
    });
    setCopying(null);
    setReport({ title, results });
    setStatus(t().copied(results.filter((r) => !r.refused).length, results.length));
    void load();
  };
  const lockHere = (date: string) => factsOf(date)?.locked?.message ?? null;
  const copyPreviousWeek = async () => {
    const previous = await weekBookings(session, addDays(monday, -7)).catch(() => []);
    await copy(
      t().copyPreviousWeek,
      previous.map((b) => asInput(b, addDays(b.date.slice(0, 10), 7))),
      lockHere,
    );
  };
  const close = (day: string, message: string) => {
    setEditing(null);
    setStatus(message);
    focusAfter.current = `add-${day}`;
  };
  const go = (d: string) => navigate(`/week/${d}`);

  return (
    <>
      <AppBar session={session} onSignOut={onSignOut} />
      <main class="week" aria-busy={bookings === null}>
        <div class="week-head">
          <h1>{t().myWeek}</h1>
          <nav class="week-nav" aria-label={t().myWeek}>
            <button type="button" onClick={() => go(addDays(monday, -7))}>
              ← <span class="wide">{t().previousWeek}</span>
              <span class="sr-only narrow-sr">{t().previousWeek}</span>
            </button>
            <button type="button" onClick={() => go(mondayOf(today()))}>
              {t().thisWeek}
            </button>
            <button type="button" onClick={() => go(addDays(monday, 7))}>
              <span class="wide">{t().nextWeek}</span>
              <span class="sr-only narrow-sr">{t().nextWeek}</span> →
            </button>
          </nav>
          <button type="button" class="copy-week" onClick={copyPreviousWeek} disabled={bookings === null}>
            {t().copyPreviousWeek}
          </button>
          <p class="range">
            {t().weekOf(shortDate(monday), shortDate(addDays(monday, 6)))} · {t().weekTotal}:{' '}
            <strong id="week-total">{hours(total(bookings ?? []))}</strong>
            {facts && (
              <>
                {' '}
                {t().ofTarget}{' '}
                <strong id="week-target" class={total(bookings ?? []) < target ? 'short' : ''}>
                  {hours(target)}
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
        <p class="sr-only" role="status">
          {status}
        </p>
        {report && (
          <section class="report" aria-labelledby="report-title">
            <h2 id="report-title">
              {report.title}: {t().copied(report.results.filter((r) => !r.refused).length, report.results.length)}
            </h2>
            {report.results.some((r) => r.refused) && (
              <ul>
                {report.results
                  .filter((r) => r.refused)
                  .map((r, i) => (
                    <li key={i} class="refused">
                      <span>
                        {shortDate(r.booking.date)} {r.booking.from}–{r.booking.to} {projectName(r.booking.project_id)}:
                      </span>{' '}
                      {r.refused}
                    </li>
                  ))}
              </ul>
            )}
            <button type="button" class="link" onClick={() => setReport(null)}>
              {t().dismiss}
            </button>
          </section>
        )}
        {bookings === null ? (
          <p class="loading">{t().loading}</p>
        ) : (
          <ol class="days">
            {days.map((day, i) => {
              const list = byDay.get(day)!;
              const label = `${t().weekdays[i]}, ${shortDate(day)}`;
              const f = factsOf(day);
              const locked = !!f?.locked;
              const done = (m: string) => {
                close(day, m);
                void load();
              };
              return (
                <li
                  class={`day ${day === today() ? 'today' : ''} ${i >= 5 ? 'weekend' : ''} ${locked ? 'locked' : ''}`}
                  data-date={day}
                  key={day}
                >
                  <h2 id={`day-${day}`}>
                    <span>{label}</span>
                    <span class="totals">
                      <span class="day-total" aria-label={`${t().dayTotal}: ${hours(total(list))}`}>
                        {hours(total(list))}
                      </span>
                      {f && (
                        <span
                          class={`day-target ${total(list) < f.target_hours ? 'short' : ''}`}
                          aria-label={`${t().target}: ${hours(f.target_hours)}`}
                        >
                          {' / '}
                          {hours(f.target_hours)}
                        </span>
                      )}
                    </span>
                  </h2>
                  {f && <DayFacts day={f} />}
                  {list.length === 0 && editing?.day !== day && <p class="empty">{t().noBookings}</p>}
                  <ul class="bookings" aria-labelledby={`day-${day}`}>
                    {list.map((b) =>
                      editing?.id === b.id ? (
                        <li key={b.id} class="editing">
                          <BookingForm
                            session={session}
                            projects={projects}
                            date={day}
                            booking={b}
                            onDone={done}
                            onCancel={() => close(day, '')}
                          />
                        </li>
                      ) : (
                        <li key={b.id} class="booking" data-id={b.id}>
                          <span class="time">
                            {hhmm(b.from)}–{hhmm(b.to)}
                          </span>
                          <span class="what">
                            <span class="project">{projectName(b.project_id)}</span>
                            <span class="activity">{b.activity_id}</span>
                            {b.note && <span class="note">{b.note}</span>}
                          </span>
                          <span class="duration">{hours(b.duration)}</span>
                          {!locked && (
                            <span class="row-actions">
                              <button
                                type="button"
                                class="link"
                                id={`edit-${b.id}`}
                                aria-label={t().editBookingOf(`${label} ${hhmm(b.from)}–${hhmm(b.to)}`)}
                                onClick={() => setEditing({ day, id: b.id })}
                              >
                                {t().editBooking}
                              </button>
                              <button
                                type="button"
                                class="link"
                                id={`duplicate-${b.id}`}
                                aria-label={t().duplicateOf(`${label} ${hhmm(b.from)}–${hhmm(b.to)}`)}
                                onClick={() => setEditing({ day, id: null, template: b })}
                              >
                                {t().duplicate}
                              </button>
                            </span>
                          )}
                        </li>
                      ),
                    )}
                  </ul>
                  {editing?.day === day && editing.id === null ? (
                    <BookingForm
                      session={session}
                      projects={projects}
                      date={day}
                      booking={null}
                      template={editing.template}
                      onDone={done}
                      onCancel={() => close(day, '')}
                    />
                  ) : (
                    <div class="day-actions">
                      {!locked && (
                        <button
                          type="button"
                          class="add"
                          id={`add-${day}`}
                          aria-label={t().addBookingOn(label)}
                          onClick={() => setEditing({ day, id: null })}
                        >
                          + {t().addBooking}
                        </button>
                      )}
                      {list.length > 0 && copying !== day && (
                        <button
                          type="button"
                          id={`copy-${day}`}
                          aria-label={t().copyDayOf(label)}
                          onClick={() => setCopying(day)}
                        >
                          {t().copyDay}
                        </button>
                      )}
                    </div>
                  )}
                  {copying === day && (
                    <CopyDay
                      day={day}
                      onCopy={(to) =>
                        copy(
                          t().copyDay,
                          list.map((b) => asInput(b, to)),
                          (date) => (date === to ? lockHere(date) : null),
                        )
                      }
                      onCancel={() => {
                        setCopying(null);
                        focusAfter.current = `copy-${day}`;
                      }}
                    />
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </main>
    </>
  );
}

/** Copy a day's bookings to another day: its date, then Copy (Enter) or Cancel (Escape). */
function CopyDay({ day, onCopy, onCancel }: { day: string; onCopy: (to: string) => void; onCancel: () => void }) {
  const [to, setTo] = useState(addDays(day, 1));
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return (
    <form
      class="copy-day"
      aria-label={t().copyDay}
      onSubmit={(e) => {
        e.preventDefault();
        if (to) onCopy(to);
      }}
      onKeyDown={(e) => e.key === 'Escape' && onCancel()}
    >
      <label for={`copy-to-${day}`}>{t().copyTo}</label>
      <input id={`copy-to-${day}`} ref={input} type="date" value={to} onInput={(e) => setTo(e.currentTarget.value)} />
      <button type="submit" class="primary">
        {t().copy}
      </button>
      <button type="button" onClick={onCancel}>
        {t().cancel}
      </button>
    </form>
  );
}
