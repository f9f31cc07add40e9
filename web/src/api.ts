// Everything the web app asks the server, through the typed client @zeitkonto/client (the public API only). A
// signed-in person is a session cookie (HttpOnly, per tenant) plus the session's CSRF token, which every write repeats.
import {
  createClient,
  type Attendance,
  type AttendanceCreate,
  type Schemas,
  type ValidationError,
  type ZeitkontoClient,
} from '@zeitkonto/client';

export type { Attendance };

export interface Session {
  instance: string;
  employee: string;
  /** The employee's role (user, extended, project_controller, controller, administrator): which pages to offer. */
  role: string;
  api: ZeitkontoClient;
}

/** A refused write: a message per field (the API's 422 `errors`), and one for the form when it names none. */
export interface Refusal {
  fields: Record<string, string>;
  form?: string;
}

const client = (instance: string, csrfToken?: string) =>
  createClient({ baseUrl: location.origin, instance, csrfToken, retries: 0 });

/** The session this browser has with the tenant, or null (never signed in, signed out, expired). */
export async function resume(instance: string): Promise<Session | null> {
  const { data } = await client(instance).GET('/sessions/current');
  if (!data) return null;
  const { employee_id: employee, role, csrf_token } = data.data;
  return { instance, employee, role, api: client(instance, csrf_token) };
}

/** The tenant's single sign-on, when it has one: what to call the provider, and where the browser starts. */
export async function singleSignOn(instance: string): Promise<{ name: string; start: string } | null> {
  const { data } = await client(instance).GET('/sessions/sso');
  if (!data) return null;
  // Back to the app, which then resumes the session of this tenant (main.tsx reads ?tenant=).
  const back = `/?tenant=${encodeURIComponent(instance)}`;
  return { name: data.data.name, start: `${data.data.start_url}?return_to=${encodeURIComponent(back)}` };
}

export type SignInResult = { session: Session } | { status: number; message: string; fields: Record<string, string> };

export async function signIn(instance: string, username: string, password: string): Promise<SignInResult> {
  const { data, error, response } = await client(instance).POST('/sessions', { body: { username, password } });
  if (data) {
    const { employee_id: employee, role, csrf_token } = data.data;
    return { session: { instance, employee, role, api: client(instance, csrf_token) } };
  }
  const fields = Object.fromEntries(
    Object.entries((error as Partial<ValidationError>).errors ?? {}).map(([k, v]) => [k, v[0] ?? '']),
  );
  return { status: response.status, message: error.message, fields };
}

export async function signOut(s: Session): Promise<void> {
  await s.api.DELETE('/sessions/current');
}

/** A refused write as the forms show it: each field's messages joined, the message when it names no field. */
export const refusal = (error: { message: string } & Partial<ValidationError>): Refusal => {
  const fields: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.errors ?? {})) fields[field] = messages.join(' ');
  return Object.keys(fields).length > 0 ? { fields } : { fields, form: error.message };
};

/** A read the API refused; `status` 401: the session has ended (signed out elsewhere, expired). */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** An employee's bookings of [from, to] (at most 200), in date and time order. */
export async function bookingsOf(s: Session, employee: string, from: string, to: string): Promise<Attendance[]> {
  const { data, error, response } = await s.api.GET('/attendances', {
    params: { query: { employee_id: employee, start_date: from, end_date: to, limit: 200, sort: 'date' } },
  });
  if (!data) throw new ApiFailure(error.message, response.status);
  return [...data.data].sort((a, b) => a.date.localeCompare(b.date) || a.from.localeCompare(b.from));
}

/** The signed-in employee's bookings of a week (Monday to Sunday). */
export const weekBookings = (s: Session, monday: string) => bookingsOf(s, s.employee, monday, addDays(monday, 6));

export interface ProjectChoice {
  id: number;
  name: string;
  /** 0/1 billable, 2/3 not billable; 1 and 3: the user cannot change the flag. */
  billability: number;
}

/**
 * The projects the employee is assigned to (they may book on them), with their names and billability: the
 * assignments and the project list side by side (a User's list holds their own projects; a larger role's list may
 * page past them, so a project missing from its first page is read on its own).
 */
export async function myProjects(s: Session): Promise<ProjectChoice[]> {
  const [assigned, listed] = await Promise.all([
    s.api.GET('/employees/{username}/projects', { params: { path: { username: s.employee }, query: { limit: 200 } } }),
    s.api.GET('/projects', { params: { query: { limit: 200 } } }),
  ]);
  if (!assigned.data) throw new Error(assigned.error.message);
  const ids = [...new Set(assigned.data.data.map((a) => a.project_id))];
  const byId = new Map((listed.data?.data ?? []).map((p) => [p.id, p] as const));
  const projects = await Promise.all(
    ids.map(async (id) => byId.get(id) ?? (await s.api.GET('/projects/{id}', { params: { path: { id } } })).data?.data),
  );
  return projects
    .filter((p) => p !== undefined)
    .map((p) => ({ id: p.id, name: p.name, billability: p.default_billability?.id ?? 0 }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export interface Choice {
  id: number | string;
  name: string;
}

export async function projectTasks(s: Session, project: number): Promise<Choice[]> {
  const { data } = await s.api.GET('/projects/{id}/tasks', {
    params: { path: { id: project }, query: { limit: 200 } },
  });
  return (data?.data ?? []).map((task) => ({ id: task.id, name: task.name }));
}

/** The activities a booking on the project may name (by their name, the booking's `activity_id`). */
export async function projectActivities(s: Session, project: number): Promise<Choice[]> {
  const { data } = await s.api.GET('/projects/{id}/activities', {
    params: { path: { id: project }, query: { limit: 200 } },
  });
  return (data?.data ?? []).map((a) => ({ id: a.name, name: a.name }));
}

export type BookingInput = Omit<AttendanceCreate, 'employee_id'>;

export async function saveBooking(s: Session, id: number | null, input: BookingInput): Promise<Refusal | null> {
  const body = { ...input, employee_id: s.employee };
  const { error } =
    id === null
      ? await s.api.POST('/attendances', { body })
      : await s.api.PATCH('/attendances/{id}', { params: { path: { id } }, body });
  return error ? refusal(error) : null;
}

export async function deleteBooking(s: Session, id: number): Promise<Refusal | null> {
  const { error } = await s.api.DELETE('/attendances/{id}', { params: { path: { id } } });
  return error ? refusal(error) : null;
}

export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The Monday of the week a date (YYYY-MM-DD) is in. */
export const mondayOf = (date: string): string => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));

/** Today in the browser's time zone, YYYY-MM-DD. */
export const today = (): string => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export type EmployeeDays = Schemas['EmployeeDays'];
export type EmployeeDay = EmployeeDays['days'][number];

/**
 * The employee's days of [from, to] (GET /employees/{username}/days, a zeitkonto extension): target hours, holiday,
 * absences, booked hours and locks of each day, and the projects they may book on — one request for all of it.
 */
export async function employeeDays(s: Session, from: string, to: string, username = s.employee): Promise<EmployeeDays> {
  const { data, error, response } = await s.api.GET('/employees/{username}/days', {
    params: { path: { username }, query: { start_date: from, end_date: to } },
  });
  if (!data) throw new ApiFailure(error.message, response.status);
  return data.data;
}

export const projectChoices = (days: EmployeeDays): ProjectChoice[] =>
  days.projects.map((p) => ({ id: p.id, name: p.name, billability: p.default_billability.id }));

/** One booking of a copy: written, or refused with the API's messages. */
export interface CopyResult {
  booking: BookingInput;
  refused: string | null;
}

/**
 * Books copies in one request (POST /attendances/bulk): each by the rules of POST /attendances, each accepted or
 * refused on its own, in order.
 */
export async function bookAll(s: Session, items: BookingInput[]): Promise<CopyResult[]> {
  const { data, error } = await s.api.POST('/attendances/bulk', {
    body: { items: items.map((i) => ({ ...i, employee_id: s.employee })) },
  });
  if (!data) return items.map((booking) => ({ booking, refused: error.message }));
  return data.results.map((r, i) => ({
    booking: items[i]!,
    refused:
      r.status === 201
        ? null
        : Object.values(r.errors ?? {})
            .flat()
            .join(' ') ||
          (r.message ?? String(r.status)),
  }));
}

/** A booking as the input of a new one on `date` (copy, duplicate). */
export const asInput = (b: Attendance, date: string): BookingInput => ({
  date,
  from: b.from.slice(0, 5),
  to: b.to.slice(0, 5),
  project_id: b.project_id,
  project_task_id: b.project_task_id,
  activity_id: b.activity_id,
  note: b.note ?? '',
  billable: b.billable,
});

/** The employee's working-time balance (hours, as of the end of yesterday), or null when there is none. */
export async function workBalance(s: Session, username = s.employee): Promise<number | null> {
  const { data } = await s.api.GET('/workhour-balances', { params: { query: { employee_id: username } } });
  return data?.data[0]?.balance ?? null;
}
