// Measuring candidate: the week view in Preact (hooks), on the shared typed-client calls of ../week-api.ts.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Attendance } from '@zeitkonto/client';
import { add, addDays, signedIn, week, type WeekSession } from '../week-api';

const params = new URLSearchParams(location.search);
const instance = params.get('instance')!;
const monday = params.get('monday')!;

function Week() {
  const [session, setSession] = useState<WeekSession | null>(null);
  const [bookings, setBookings] = useState<Attendance[]>([]);
  const [form, setForm] = useState({
    date: monday,
    from: '',
    to: '',
    project_id: '',
    project_task_id: '',
    activity_id: '',
    note: '',
  });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void signedIn(instance).then(async (s) => {
      setSession(s);
      setBookings(await week(s, monday));
    });
  }, []);
  if (!session) return <p>…</p>;
  const field = (name: keyof typeof form) => (
    <label>
      {name}
      <input name={name} value={form[name]} onInput={(e) => setForm({ ...form, [name]: e.currentTarget.value })} />
    </label>
  );
  const save = async (e: Event) => {
    e.preventDefault();
    const refused = await add(session, {
      ...form,
      project_id: Number(form.project_id),
      project_task_id: Number(form.project_task_id),
    });
    setError(refused);
    if (!refused) setBookings(await week(session, monday));
  };
  return (
    <>
      <ol id="week">
        {[0, 1, 2, 3, 4, 5, 6].map((d) => {
          const date = addDays(monday, d);
          const day = bookings.filter((b) => b.date.startsWith(date));
          return (
            <li key={date}>
              <h2>{date}</h2>
              <ul>
                {day.map((b) => (
                  <li key={b.id}>
                    {b.from}–{b.to} {b.note}
                  </li>
                ))}
              </ul>
              <p>{day.reduce((sum, b) => sum + b.duration, 0)} h</p>
            </li>
          );
        })}
      </ol>
      <form id="add" onSubmit={save}>
        {field('date')}
        {field('from')}
        {field('to')}
        {field('project_id')}
        {field('project_task_id')}
        {field('activity_id')}
        {field('note')}
        <button>Add</button>
        {error && <p role="alert">{error}</p>}
      </form>
    </>
  );
}

render(<Week />, document.getElementById('app')!);
