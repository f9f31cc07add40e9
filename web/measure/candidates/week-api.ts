// The measuring candidates' shared use of the typed client: who is signed in, one week of bookings, add a booking.
// Both candidates (Preact, Svelte) call exactly this, so the comparison is of the UI layer (docs/web-app.md).
import { createClient, type Attendance, type AttendanceCreate, type ZeitkontoClient } from '@zeitkonto/client';

export interface WeekSession {
  api: ZeitkontoClient;
  employee: string;
}

export async function signedIn(instance: string): Promise<WeekSession> {
  const plain = createClient({ baseUrl: location.origin, instance });
  const { data, error } = await plain.GET('/sessions/current');
  if (!data) throw new Error(error?.message ?? 'not signed in');
  const api = createClient({ baseUrl: location.origin, instance, csrfToken: data.data.csrf_token });
  return { api, employee: data.data.employee_id };
}

export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export async function week(s: WeekSession, monday: string): Promise<Attendance[]> {
  const { data, error } = await s.api.GET('/attendances', {
    params: { query: { employee_id: s.employee, start_date: monday, end_date: addDays(monday, 6), limit: 200 } },
  });
  if (!data) throw new Error(error?.message);
  return data.data;
}

export async function add(s: WeekSession, booking: Omit<AttendanceCreate, 'employee_id'>): Promise<string | null> {
  const { error } = await s.api.POST('/attendances', { body: { ...booking, employee_id: s.employee } });
  return error ? error.message : null;
}
