// What the Approvals page asks the server: the leave requests still pending (GET /absences over a window around
// today, every page — the list has no filter for the application's state), the people (names, departments), their
// remaining leave (GET /workhour-balances) and the decisions (PATCH /absences/{id} with `approved` and `status_note`;
// docs/api/absences.md "Leave approval").
import type { Schemas } from '@zeitkonto/client';
import { ApiFailure, addDays, today, type Session } from './api';

export type Absence = Schemas['Absence'];
export type Person = { username: string; name: string; department: number };

/** The list's window: requests from the start of last month to a year and a month ahead. */
const WINDOW_BACK = 62;
const WINDOW_AHEAD = 400;
/** At most this many pages of absences are read (200 each). */
const MAX_PAGES = 10;

/** The application status a pending leave request has (docs/api/absences.md): 0 requested. */
export const isPending = (a: Absence) => a.leaveApprovalApplication?.status.id === 0;

/** A reason's text in the language: "Urlaub|en:Vacation" is Urlaub, and Vacation in English. */
export function localized(text: string | null | undefined, lang: string): string {
  const [first = '', ...rest] = (text ?? '').split('|');
  const other = rest.find((part) => part.startsWith(`${lang}:`));
  return other ? other.slice(lang.length + 1) : first;
}

export interface Inbox {
  pending: Absence[];
  /** Every absence in the window that counts (approved or pending): whom a request overlaps. */
  absences: Absence[];
  people: Map<string, Person>;
  /** Days of leave left, per username and year. */
  remaining: Map<string, Map<number, number>>;
}

async function absencesAround(s: Session): Promise<Absence[]> {
  const now = today();
  const all: Absence[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { data, error, response } = await s.api.GET('/absences', {
      params: {
        query: { start_date: addDays(now, -WINDOW_BACK), end_date: addDays(now, WINDOW_AHEAD), limit: 200, page },
      },
    });
    if (!data) throw new ApiFailure(error.message, response.status);
    all.push(...data.data);
    if (page >= data.meta.last_page) break;
  }
  return all;
}

export async function inbox(s: Session): Promise<Inbox> {
  const [absences, employees, balances] = await Promise.all([
    absencesAround(s),
    s.api.GET('/employees', { params: { query: { limit: 200 } } }),
    s.api.GET('/workhour-balances', { params: { query: { limit: 200 } } }),
  ]);
  const people = new Map(
    (employees.data?.data ?? []).map((e) => [
      e.username,
      { username: e.username, name: `${e.lastname}, ${e.firstname}`, department: e.department_id },
    ]),
  );
  const remaining = new Map(
    (balances.data?.data ?? []).map((b) => [b.employee_id, new Map(b.vacation.map((v) => [v.year, v.remaining]))]),
  );
  const counting = absences.filter((a) => a.approved || isPending(a));
  const pending = absences.filter(isPending).sort((a, b) => a.start_date.localeCompare(b.start_date));
  return { pending, absences: counting, people, remaining };
}

/** Approves (true) or rejects (false) each request with the comment; the API's messages of those it refused. */
export async function decide(s: Session, ids: number[], approve: boolean, note: string): Promise<string[]> {
  const answers = await Promise.all(
    ids.map((id) =>
      s.api.PATCH('/absences/{id}', {
        params: { path: { id } },
        body: approve
          ? { approved: true, ...(note ? { status_note: note } : {}) }
          : { approval_status: 'rejected', ...(note ? { status_note: note } : {}) },
      }),
    ),
  );
  return answers.flatMap((a) => (a.error ? [a.error.message] : []));
}
