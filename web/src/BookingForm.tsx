// Add or edit a booking in place. Keyboard-first: the first field has the focus, Enter saves (the form's submit),
// Escape cancels. Project → task → activity pickers list what the API returns for the employee; the billable flag
// follows the project's default and is fixed where the project says so. A refusal (422) shows each message at its
// field, the booking rules' included (docs/api/attendances.md "Booking rules").
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  deleteBooking,
  projectActivities,
  projectTasks,
  saveBooking,
  type Attendance,
  type Choice,
  type ProjectChoice,
  type Refusal,
  type Session,
} from './api';
import { t } from './i18n';
import { Field } from './Field';

const TIME = /^([01]?\d|2[0-3]):?([0-5]\d)$/;
/** "9:00", "0900", "9" → "09:00"; anything else as typed (the API then names the field). */
const normalTime = (text: string) => {
  const trimmed = text.trim();
  if (/^\d{1,2}$/.test(trimmed) && Number(trimmed) < 24) return `${trimmed.padStart(2, '0')}:00`;
  const m = TIME.exec(trimmed);
  return m ? `${m[1]!.padStart(2, '0')}:${m[2]}` : trimmed;
};
/** The chosen value if the list has it, else the only choice there is, else none. */
const kept = (list: Choice[], value: string): string => {
  if (list.some((c) => String(c.id) === value)) return value;
  return list.length === 1 ? String(list[0]!.id) : '';
};
const billableOf = (billability: number) => billability === 0 || billability === 1;

interface Props {
  session: Session;
  projects: ProjectChoice[] | null;
  date: string;
  booking: Attendance | null;
  /** A new booking made from this one (duplicate): its project, task, activity, note, and the time after it. */
  template?: Attendance;
  onDone: (message: string) => void;
  onCancel: () => void;
}

/** The same length of time after a booking (no later than 23:59). */
const after = (b: Attendance): [string, string] => {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const end = Math.min(minutes(b.to) + (minutes(b.to) - minutes(b.from)), 23 * 60 + 59);
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return [b.to.slice(0, 5), hhmm(end)];
};

export function BookingForm({ session, projects, date, booking, template, onDone, onCancel }: Props) {
  const key = booking ? `b${booking.id}` : `new-${date}`;
  const from = booking ?? template;
  let [start, end] = template ? after(template) : ['', ''];
  if (booking) [start, end] = [booking.from.slice(0, 5), booking.to.slice(0, 5)];
  const [v, setV] = useState({
    date: booking ? booking.date.slice(0, 10) : date,
    from: start,
    to: end,
    project_id: from ? String(from.project_id) : '',
    project_task_id: from ? String(from.project_task_id) : '',
    activity_id: from?.activity_id ?? '',
    note: from?.note ?? '',
    billable: from?.billable ?? true,
  });
  const [tasks, setTasks] = useState<Choice[]>([]);
  const [activities, setActivities] = useState<Choice[]>([]);
  const [refused, setRefused] = useState<Refusal>({ fields: {} });
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const project = projects?.find((p) => String(p.id) === v.project_id);
  const fixed = project ? project.billability === 1 || project.billability === 3 : false;

  useEffect(() => first.current?.focus(), []);
  useEffect(() => {
    if (!v.project_id) return;
    let current = true;
    const id = Number(v.project_id);
    void Promise.all([projectTasks(session, id), projectActivities(session, id)]).then(([ts, as]) => {
      if (!current) return;
      setTasks(ts);
      setActivities(as);
      // One choice is the choice; a choice that is not on the new project is none.
      setV((old) => ({
        ...old,
        project_task_id: kept(ts, old.project_task_id),
        activity_id: kept(as, old.activity_id),
      }));
    });
    return () => (current = false);
  }, [v.project_id]);

  const set = (name: keyof typeof v) => (e: { currentTarget: HTMLInputElement | HTMLSelectElement }) => {
    const value =
      e.currentTarget instanceof HTMLInputElement && e.currentTarget.type === 'checkbox'
        ? e.currentTarget.checked
        : e.currentTarget.value;
    setV((old) => {
      const next = { ...old, [name]: value };
      if (name === 'project_id') {
        const p = projects?.find((x) => String(x.id) === value);
        if (p && (!booking || p.billability === 1 || p.billability === 3)) next.billable = billableOf(p.billability);
      }
      return next;
    });
  };

  const focusFirstError = (r: Refusal) => {
    const name = ['date', 'from', 'to', 'project_id', 'project_task_id', 'activity_id', 'note', 'billable'].find(
      (f) => r.fields[f],
    );
    if (name) (form.current?.querySelector(`[name=${name}]`) as HTMLElement | null)?.focus();
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    if (busy) return;
    const from = normalTime(v.from);
    const to = normalTime(v.to);
    setV((old) => ({ ...old, from, to }));
    setBusy(true);
    const result = await saveBooking(session, booking?.id ?? null, {
      date: v.date,
      from,
      to,
      project_id: Number(v.project_id) || (v.project_id as unknown as number),
      project_task_id: Number(v.project_task_id) || (v.project_task_id as unknown as number),
      activity_id: v.activity_id,
      note: v.note,
      ...(fixed ? {} : { billable: v.billable }),
    }).catch(() => ({ fields: {}, form: t().offline }));
    setBusy(false);
    if (!result) return onDone(t().saved);
    setRefused(result);
    focusFirstError(result);
  };

  const remove = async () => {
    if (!booking) return;
    setBusy(true);
    const result = await deleteBooking(session, booking.id).catch(() => ({ fields: {}, form: t().offline }));
    setBusy(false);
    if (!result) return onDone(t().deleted);
    setRefused({ fields: {}, form: Object.values(result.fields).join(' ') || result.form });
  };

  // Escape cancels; Enter saves from every field, a picker's included (a select does not submit on its own).
  const keyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onCancel();
    } else if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'SELECT') {
      e.preventDefault();
      form.current?.requestSubmit();
    }
  };

  const err = (name: string) => refused.fields[name];
  const id = (name: string) => `${key}-${name}`;
  const options = (list: Choice[]) => [
    <option value="">{t().choose}</option>,
    ...list.map((c) => (
      <option value={String(c.id)} key={String(c.id)}>
        {c.name}
      </option>
    )),
  ];

  return (
    <form
      ref={form}
      class="booking-form"
      noValidate
      aria-label={booking ? t().editBooking : t().addBooking}
      onSubmit={submit}
      onKeyDown={keyDown}
    >
      <Field id={id('from')} label={t().from} error={err('from')} class="time">
        <input
          id={id('from')}
          ref={first}
          name="from"
          inputMode="numeric"
          placeholder="09:00"
          autoComplete="off"
          value={v.from}
          onInput={set('from')}
        />
      </Field>
      <Field id={id('to')} label={t().to} error={err('to')} class="time">
        <input
          id={id('to')}
          name="to"
          inputMode="numeric"
          placeholder="17:00"
          autoComplete="off"
          value={v.to}
          onInput={set('to')}
        />
      </Field>
      <Field id={id('project')} label={t().project} error={err('project_id')} class="pick">
        <select id={id('project')} name="project_id" value={v.project_id} onChange={set('project_id')}>
          {options(projects ?? [])}
        </select>
      </Field>
      <Field id={id('task')} label={t().task} error={err('project_task_id')} class="pick">
        <select
          id={id('task')}
          name="project_task_id"
          value={v.project_task_id}
          onChange={set('project_task_id')}
          disabled={!v.project_id}
        >
          {options(tasks)}
        </select>
      </Field>
      <Field id={id('activity')} label={t().activity} error={err('activity_id')} class="pick">
        <select
          id={id('activity')}
          name="activity_id"
          value={v.activity_id}
          onChange={set('activity_id')}
          disabled={!v.project_id}
        >
          {options(activities)}
        </select>
      </Field>
      <Field id={id('note')} label={t().note} error={err('note')} class="note">
        <input id={id('note')} name="note" autoComplete="off" value={v.note} onInput={set('note')} />
      </Field>
      <Field id={id('date')} label={t().date} error={err('date')} class="date">
        <input id={id('date')} name="date" type="date" value={v.date} onInput={set('date')} />
      </Field>
      <div class={`field check ${err('billable') ? 'invalid' : ''}`}>
        <input
          id={id('billable')}
          name="billable"
          type="checkbox"
          checked={v.billable}
          disabled={fixed}
          onChange={set('billable')}
          aria-describedby={fixed || err('billable') ? `${id('billable')}-hint` : undefined}
        />
        <label for={id('billable')}>{t().billable}</label>
        {(fixed || err('billable')) && (
          <small id={`${id('billable')}-hint`} class={err('billable') ? 'error' : 'hint'}>
            {err('billable') ?? t().billableFixed}
          </small>
        )}
      </div>
      {refused.form && (
        <p class="form-error" role="alert">
          {refused.form}
        </p>
      )}
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          {t().save}
        </button>
        <button type="button" onClick={onCancel}>
          {t().cancel}
        </button>
        {booking && (
          <button type="button" class="danger" onClick={remove} disabled={busy}>
            {t().delete}
          </button>
        )}
      </div>
    </form>
  );
}
