// My week: Monday–Sunday of the signed-in employee with each day's bookings and the day and week totals; previous
// and next week; add, edit and delete a booking in place (BookingForm). Requests to show a week: the session, the
// week's bookings, the employee's projects and one per project for its name (docs/web-app.md "Budgets").
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  ApiFailure,
  addDays,
  mondayOf,
  myProjects,
  today,
  weekBookings,
  type Attendance,
  type ProjectChoice,
  type Session,
} from './api';
import { t } from './i18n';
import { LanguageSwitch, navigate } from './nav';
import { BookingForm } from './BookingForm';

const hours = (h: number) => t().hours(h.toLocaleString(document.documentElement.lang, { maximumFractionDigits: 2 }));
const hhmm = (time: string) => time.slice(0, 5);
const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(document.documentElement.lang, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

/** Which booking form is open: a new one on a day, or one of the bookings. */
type Editing = { day: string; id: null } | { day: string; id: number } | null;

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
  const [projects, setProjects] = useState<ProjectChoice[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [status, setStatus] = useState('');
  const [failed, setFailed] = useState<string | null>(null);
  const focusAfter = useRef<string | null>(null);

  const load = async () => {
    try {
      setBookings(await weekBookings(session, monday));
      setFailed(null);
    } catch (e) {
      if (e instanceof ApiFailure && e.status === 401) return onEnded();
      setFailed((e as Error).message);
    }
  };
  useEffect(() => {
    setBookings(null);
    setEditing(null);
    void load();
  }, [monday]);
  useEffect(() => {
    void myProjects(session).then(setProjects, () => setProjects([]));
  }, [session]);
  useEffect(() => {
    if (!focusAfter.current) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  });

  const days = [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(monday, i));
  const byDay = new Map(days.map((d) => [d, (bookings ?? []).filter((b) => b.date.startsWith(d))]));
  const total = (list: Attendance[]) => list.reduce((sum, b) => sum + b.duration, 0);
  const projectName = (id: number) => projects?.find((p) => p.id === id)?.name ?? `#${id}`;
  const close = (day: string, message: string) => {
    setEditing(null);
    setStatus(message);
    focusAfter.current = `add-${day}`;
  };
  const go = (d: string) => navigate(`/week/${d}`);

  return (
    <>
      <header class="bar">
        <span class="brand">zeitkonto</span>
        <span class="who">{session.employee}</span>
        <LanguageSwitch />
        <button type="button" class="link" onClick={onSignOut}>
          {t().signOut}
        </button>
      </header>
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
          <p class="range">
            {t().weekOf(shortDate(monday), shortDate(addDays(monday, 6)))} · {t().weekTotal}:{' '}
            <strong id="week-total">{hours(total(bookings ?? []))}</strong>
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
        {bookings === null ? (
          <p class="loading">{t().loading}</p>
        ) : (
          <ol class="days">
            {days.map((day, i) => {
              const list = byDay.get(day)!;
              const label = `${t().weekdays[i]}, ${shortDate(day)}`;
              return (
                <li
                  class={`day ${day === today() ? 'today' : ''} ${i >= 5 ? 'weekend' : ''}`}
                  data-date={day}
                  key={day}
                >
                  <h2 id={`day-${day}`}>
                    <span>{label}</span>
                    <span class="day-total" aria-label={`${t().dayTotal}: ${hours(total(list))}`}>
                      {hours(total(list))}
                    </span>
                  </h2>
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
                            onDone={(m) => {
                              close(day, m);
                              void load();
                            }}
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
                          <button
                            type="button"
                            class="link"
                            id={`edit-${b.id}`}
                            aria-label={t().editBookingOf(`${label} ${hhmm(b.from)}–${hhmm(b.to)}`)}
                            onClick={() => setEditing({ day, id: b.id })}
                          >
                            {t().editBooking}
                          </button>
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
                      onDone={(m) => {
                        close(day, m);
                        void load();
                      }}
                      onCancel={() => close(day, '')}
                    />
                  ) : (
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
                </li>
              );
            })}
          </ol>
        )}
      </main>
    </>
  );
}
