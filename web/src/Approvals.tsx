// Approvals (/approvals), for those who decide leave (Controllers, Administrators): the pending leave requests —
// who, which reason, when, how many days, what the person has left this year and who of their department is absent
// then — approved or rejected with a comment, one by one or the selected at once (docs/web-app.md "Approvals").
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, type Session } from './api';
import { AppBar } from './AppBar';
import { decide, inbox, localized, type Absence, type Inbox } from './approvals-api';
import { shortDate } from './DayFacts';
import { lang, t } from './i18n';
import { DECIDES_LEAVE } from './roles';

const day = (iso: string) => shortDate(iso.slice(0, 10));
const overlaps = (a: Absence, b: Absence) =>
  a.start_date.slice(0, 10) <= b.end_date.slice(0, 10) && b.start_date.slice(0, 10) <= a.end_date.slice(0, 10);

interface Props {
  session: Session;
  onSignOut: () => void;
  onEnded: () => void;
}

function Request(props: {
  request: Absence;
  box: Inbox;
  selected: boolean;
  busy: boolean;
  onSelect: () => void;
  onDecide: (approve: boolean, note: string) => void;
}) {
  const { request: a, box } = props;
  const [note, setNote] = useState('');
  const person = box.people.get(a.employee_id);
  const name = person?.name ?? a.employee_id;
  const others = box.absences
    .filter((o) => o.employee_id !== a.employee_id && overlaps(o, a))
    .filter((o) => box.people.get(o.employee_id)?.department === person?.department)
    .map((o) => box.people.get(o.employee_id)?.name ?? o.employee_id);
  const days = Number(a.leaveApprovalApplication?.number_of_days ?? 0);
  const year = Number(a.start_date.slice(0, 4));
  const id = `request-${a.id}`;
  return (
    <li class="request" data-absence={a.id}>
      <input type="checkbox" aria-label={t().selectRequest(name)} checked={props.selected} onChange={props.onSelect} />
      <div class="request-body">
        <h2 id={`${id}-title`}>{name}</h2>
        <p>
          <strong>{localized(a.absenceReason.comment, lang.value) || a.absence_reason_id}</strong> · {day(a.start_date)}
          {a.end_date.slice(0, 10) !== a.start_date.slice(0, 10) && ` – ${day(a.end_date)}`} · {t().leaveDays(days)}
        </p>
        {a.note && <p class="request-note">“{a.note}”</p>}
        <p class="request-facts">
          {t().leaveLeft(year, box.remaining.get(a.employee_id)?.get(year) ?? 0)} ·{' '}
          {others.length ? t().alsoAbsent([...new Set(others)].join(', ')) : t().nobodyElseAbsent}
        </p>
        <div class="request-decide">
          <label for={`${id}-note`}>{t().comment}</label>
          <input id={`${id}-note`} value={note} maxLength={4000} onInput={(e) => setNote(e.currentTarget.value)} />
          <button type="button" class="primary" disabled={props.busy} onClick={() => props.onDecide(true, note)}>
            {t().approve}
          </button>
          <button type="button" class="danger" disabled={props.busy} onClick={() => props.onDecide(false, note)}>
            {t().reject}
          </button>
        </div>
      </div>
    </li>
  );
}

export function Approvals({ session, onSignOut, onEnded }: Props) {
  const allowed = DECIDES_LEAVE.includes(session.role);
  const [box, setBox] = useState<Inbox | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');

  const load = () =>
    inbox(session)
      .then((b) => {
        setBox(b);
        setFailed(null);
      })
      .catch((e) => {
        if (e instanceof ApiFailure && e.status === 401) return onEnded();
        setFailed((e as Error).message);
      });
  useEffect(() => {
    if (allowed) void load();
  }, []);

  const run = async (ids: number[], approve: boolean, comment: string) => {
    setBusy(true);
    const refused = await decide(session, ids, approve, comment);
    setFailed(refused.length ? refused.join(' ') : null);
    await load();
    setSelected(new Set());
    setNote('');
    setBusy(false);
    const done = approve ? t().approvedDone : t().rejectedDone;
    setStatus(refused.length ? '' : done);
  };
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  return (
    <>
      <AppBar session={session} onSignOut={onSignOut} />
      <main class="approvals" aria-busy={allowed && box === null && !failed}>
        <h1>{t().approvals}</h1>
        <p class="sr-only" role="status">
          {status}
        </p>
        {!allowed && (
          <p class="form-error" role="alert">
            {t().approvalsNotAllowed}
          </p>
        )}
        {failed && (
          <p class="form-error" role="alert">
            {failed}
          </p>
        )}
        {allowed && box === null && !failed && <p class="loading">{t().loading}</p>}
        {box && box.pending.length === 0 && <p class="empty">{t().noPending}</p>}
        {box && box.pending.length > 0 && (
          <>
            <div class="bulk">
              <label class="check">
                <input
                  type="checkbox"
                  checked={selected.size === box.pending.length}
                  onChange={(e) => setSelected(new Set(e.currentTarget.checked ? box.pending.map((a) => a.id) : []))}
                />{' '}
                {t().selectAllRequests}
              </label>
              <label for="bulk-note">{t().commentForSelected}</label>
              <input id="bulk-note" value={note} maxLength={4000} onInput={(e) => setNote(e.currentTarget.value)} />
              <button
                type="button"
                class="primary"
                disabled={busy || selected.size === 0}
                onClick={() => run([...selected], true, note)}
              >
                {t().approveSelected(selected.size)}
              </button>
              <button
                type="button"
                class="danger"
                disabled={busy || selected.size === 0}
                onClick={() => run([...selected], false, note)}
              >
                {t().rejectSelected(selected.size)}
              </button>
            </div>
            <ul class="requests">
              {box.pending.map((a) => (
                <Request
                  key={a.id}
                  request={a}
                  box={box}
                  selected={selected.has(a.id)}
                  busy={busy}
                  onSelect={() => toggle(a.id)}
                  onDecide={(approve, comment) => run([a.id], approve, comment)}
                />
              ))}
            </ul>
          </>
        )}
      </main>
    </>
  );
}
