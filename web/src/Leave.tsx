// Leave: request an absence (a reason the employee may enter themself, first and last day, half days, hours where
// the reason takes hours), the year's absences with their state, withdrawing a pending request, and the year's
// vacation days (entitlement, approved, requested, remaining: the working-time balance's `vacation`). Requests to
// show a year: the session, the absences, the reasons and the balance (docs/web-app.md "Leave").
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, today, type Refusal, type Session } from './api';
import { lang, t } from './i18n';
import { navigate } from './nav';
import { AppBar } from './AppBar';
import { Field } from './Field';
import {
  leaveState,
  leaveYear,
  reasonText,
  requestLeave,
  withdrawLeave,
  type Absence,
  type LeaveYear,
} from './leave-api';

interface Props {
  session: Session;
  year?: string;
  onSignOut: () => void;
  onEnded: () => void;
}

const dateText = (iso: string) =>
  new Date(`${iso.slice(0, 10)}T00:00:00Z`).toLocaleDateString(document.documentElement.lang, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
const number = (n: number | string) =>
  Number(n).toLocaleString(document.documentElement.lang, { maximumFractionDigits: 2 });

function span(a: Absence): string {
  const [from, to] = [a.start_date.slice(0, 10), a.end_date.slice(0, 10)];
  const days = from === to ? dateText(from) : `${dateText(from)} – ${dateText(to)}`;
  if (a.hours !== null && a.hours !== undefined) return `${days} · ${t().hours(number(a.hours))}`;
  if (a.type === 1) return `${days} · ${t().halfDay}`;
  return days;
}

export function Leave({ session, year: wanted, onSignOut, onEnded }: Props) {
  const now = today();
  const year = wanted ?? now.slice(0, 4);
  const [data, setData] = useState<LeaveYear | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [reload, setReload] = useState(0);

  const [reason, setReason] = useState('');
  const [start, setStart] = useState(now);
  const [end, setEnd] = useState(now);
  const [halfFrom, setHalfFrom] = useState(false);
  const [halfTo, setHalfTo] = useState(false);
  const [hours, setHours] = useState('');
  const [note, setNote] = useState('');
  const [refused, setRefused] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    leaveYear(session, year)
      .then((d) => {
        if (!current) return;
        setData(d);
        setFailed(null);
        if (!reason && d.reasons[0]) setReason(d.reasons[0].name);
      })
      .catch((e) => {
        if (e instanceof ApiFailure && e.status === 401) return onEnded();
        setFailed((e as Error).message);
      });
    return () => (current = false);
  }, [year, reload]);

  const chosen = data?.reasons.find((r) => r.name === reason);
  const takesHours = Number(chosen?.allow_hours_of_vacation) === 1;
  const halfDays = Number(chosen?.allow_half_day_holiday) === 1;

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setNotice(null);
    const answer = await requestLeave(session, {
      absence_reason_id: reason,
      start_date: start,
      end_date: end || start,
      half_day_from: halfDays && halfFrom,
      half_day_to: halfDays && halfTo && end !== start,
      hours: takesHours && hours.trim() ? Number(hours.replace(',', '.')) : null,
      note,
    });
    setBusy(false);
    setRefused(answer);
    if (answer) return;
    setNote('');
    setHours('');
    setNotice(t().leaveRequested);
    setReload((n) => n + 1);
  };
  const withdraw = async (a: Absence) => {
    const answer = await withdrawLeave(session, a.id);
    if (answer) return setNotice(answer.form ?? Object.values(answer.fields).join(' '));
    setNotice(t().withdrawn);
    setReload((n) => n + 1);
  };
  const err = (...fields: string[]) =>
    fields
      .map((f) => refused?.fields[f])
      .filter(Boolean)
      .join(' ') || undefined;
  const v = data?.vacation;

  return (
    <>
      <AppBar session={session} onSignOut={onSignOut} />
      <main class="week leave" aria-busy={data === null}>
        <div class="week-head">
          <h1>{t().leaveOf(year)}</h1>
          <nav class="week-nav" aria-label={t().leave}>
            <button type="button" onClick={() => navigate(`/leave/${Number(year) - 1}`)}>
              ← <span class="wide">{t().previousYear}</span>
              <span class="sr-only narrow-sr">{t().previousYear}</span>
            </button>
            <button type="button" onClick={() => navigate(`/leave/${Number(year) + 1}`)}>
              <span class="wide">{t().nextYear}</span>
              <span class="sr-only narrow-sr">{t().nextYear}</span> →
            </button>
          </nav>
        </div>
        {failed && (
          <p class="form-error" role="alert">
            {failed}
          </p>
        )}
        <p class="notice" role="status">
          {notice}
        </p>
        {data === null ? (
          <p class="loading">{t().loading}</p>
        ) : (
          <div class="panes">
            <section class="card vacation" aria-labelledby="vacation-title">
              <h2 id="vacation-title">{t().vacation}</h2>
              {v ? (
                <dl class="figures">
                  <div>
                    <dt>{t().entitlement}</dt>
                    <dd id="vacation-entitlement">{number(v.annual_entitlement)}</dd>
                  </div>
                  <div>
                    <dt>{t().approvedDays}</dt>
                    <dd id="vacation-approved">{number(v.approved)}</dd>
                  </div>
                  <div>
                    <dt>{t().plannedDays}</dt>
                    <dd id="vacation-planned">{number(v.planned)}</dd>
                  </div>
                  <div class="remaining">
                    <dt>{t().remainingDays}</dt>
                    <dd id="vacation-remaining">{number(v.remaining)}</dd>
                  </div>
                </dl>
              ) : (
                <p class="empty">–</p>
              )}
            </section>
            <form class="card leave-form" onSubmit={submit} noValidate>
              <h2>{t().requestLeave}</h2>
              <Field id="leave-reason" label={t().reason} error={err('absence_reason_id')}>
                <select id="leave-reason" value={reason} onChange={(e) => setReason(e.currentTarget.value)}>
                  {data.reasons.map((r) => (
                    <option key={r.name} value={r.name}>
                      {reasonText(r, lang.value)}
                    </option>
                  ))}
                </select>
              </Field>
              <div class="pair">
                <Field id="leave-start" label={t().startDate} error={err('start_date', 'from')}>
                  <input
                    id="leave-start"
                    type="date"
                    required
                    value={start}
                    onInput={(e) => {
                      const value = e.currentTarget.value;
                      if (end < value) setEnd(value);
                      setStart(value);
                    }}
                  />
                </Field>
                <Field id="leave-end" label={t().endDate} error={err('end_date', 'to')}>
                  <input id="leave-end" type="date" value={end} onInput={(e) => setEnd(e.currentTarget.value)} />
                </Field>
              </div>
              {halfDays && (
                <div class="pair">
                  <Field id="leave-half-from" class="check" label={t().halfDayFrom} error={err('half_day_from')}>
                    <input
                      id="leave-half-from"
                      type="checkbox"
                      checked={halfFrom}
                      onChange={(e) => setHalfFrom(e.currentTarget.checked)}
                    />
                  </Field>
                  {end !== start && (
                    <Field id="leave-half-to" class="check" label={t().halfDayTo} error={err('half_day_to')}>
                      <input
                        id="leave-half-to"
                        type="checkbox"
                        checked={halfTo}
                        onChange={(e) => setHalfTo(e.currentTarget.checked)}
                      />
                    </Field>
                  )}
                </div>
              )}
              {takesHours && (
                <Field id="leave-hours" label={t().hoursPerDay} error={err('hours', 'type')}>
                  <input
                    id="leave-hours"
                    inputMode="decimal"
                    value={hours}
                    onInput={(e) => setHours(e.currentTarget.value)}
                  />
                </Field>
              )}
              <Field id="leave-note" label={t().note} error={err('note', 'comment')}>
                <input id="leave-note" value={note} onInput={(e) => setNote(e.currentTarget.value)} />
              </Field>
              {refused?.form && (
                <p class="form-error" role="alert">
                  {refused.form}
                </p>
              )}
              <div class="actions">
                <button type="submit" class="primary" disabled={busy || !reason}>
                  {t().requestLeave}
                </button>
              </div>
            </form>
            <section class="card absences" aria-labelledby="absences-title">
              <h2 id="absences-title">{t().myAbsences}</h2>
              {data.absences.length === 0 ? (
                <p class="empty">{t().noAbsences}</p>
              ) : (
                <ul class="absence-list">
                  {data.absences.map((a) => {
                    const state = leaveState(a);
                    const what = `${reasonText(a.absenceReason, lang.value)} ${span(a)}`;
                    const days = a.leaveApprovalApplication?.number_of_days;
                    return (
                      <li key={a.id} class={`absence-item ${state}`} data-id={a.id} data-state={state}>
                        <span class="what">
                          <strong>{reasonText(a.absenceReason, lang.value)}</strong> {span(a)}
                          {days && <span class="absence-days"> · {t().days(number(days))}</span>}
                          {a.note && <span class="absence-note"> · {a.note}</span>}
                        </span>
                        <span class={`state ${state}`}>{t().states[state]}</span>
                        {state === 'pending' && (
                          <button
                            type="button"
                            class="danger"
                            aria-label={t().withdrawOf(what)}
                            onClick={() => withdraw(a)}
                          >
                            {t().withdraw}
                          </button>
                        )}
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
          </div>
        )}
      </main>
    </>
  );
}
