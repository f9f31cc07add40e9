// What the Month closing page asks the server: the month's overview (GET /month-closings/overview, a zeitkonto
// extension: docs/api/booking.md) and closing or reopening a month for one employee or the whole tenant.
import type { Schemas } from '@zeitkonto/client';
import { ApiFailure, type Session } from './api';

export type MonthOverview = Schemas['MonthOverview'];
export type EmployeeMonth = MonthOverview['employees'][number];

export async function monthOverview(s: Session, month: string): Promise<MonthOverview> {
  const { data, error, response } = await s.api.GET('/month-closings/overview', { params: { query: { month } } });
  if (!data) throw new ApiFailure(error.message, response.status);
  return data.data;
}

/** Closes the month for these employees (null: the whole tenant); the API's messages of those it refused. */
export async function closeMonth(s: Session, month: string, employees: (string | null)[]): Promise<string[]> {
  const answers = await Promise.all(
    employees.map((employee_id) => s.api.POST('/month-closings', { body: { month, employee_id } })),
  );
  return answers.flatMap((a) => (a.error ? [a.error.message] : []));
}

export async function reopenMonth(s: Session, closing: number): Promise<string[]> {
  const { error } = await s.api.DELETE('/month-closings/{id}', { params: { path: { id: closing } } });
  return error ? [error.message] : [];
}
