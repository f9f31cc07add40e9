// What the team calendar asks the server (docs/web-app.md "Team calendar"): the absences around a month as the
// caller may see them (colleagues of the department without reasons for Users with extended rights; everyone with
// reasons for Controllers and Administrators — the API decides: docs/api/permissions.md), the people the caller may
// read and the department names.
import { ApiFailure, addDays, type Session } from './api';
import type { Absence } from './approvals-api';
import { monthEnd } from './months';

/** Absences that start before the month and reach into it are found by looking this many days further back. */
const SPAN = 62;

export interface Row {
  username: string;
  name: string;
  department: number;
}

export interface TeamMonth {
  rows: Row[];
  departments: Map<number, string>;
  /** Per username, the absences that touch the month. */
  absences: Map<string, Absence[]>;
}

export async function teamMonth(s: Session, month: string): Promise<TeamMonth> {
  const [first, last] = [`${month}-01`, monthEnd(month)];
  const [absences, employees, departments] = await Promise.all([
    s.api.GET('/absences', {
      params: { query: { start_date: addDays(first, -SPAN), end_date: addDays(last, SPAN), limit: 200 } },
    }),
    s.api.GET('/employees', { params: { query: { limit: 200 } } }),
    s.api.GET('/departments', { params: { query: { limit: 200 } } }),
  ]);
  if (!absences.data) throw new ApiFailure(absences.error.message, absences.response.status);
  const people = (employees.data?.data ?? []).map((e) => ({
    username: e.username,
    name: `${e.lastname}, ${e.firstname}`,
    department: e.department_id,
  }));
  const own = people.find((p) => p.username === s.employee);
  const byName = new Map(people.map((p) => [p.username, p]));
  const touching = absences.data.data.filter(
    (a) => a.start_date.slice(0, 10) <= last && a.end_date.slice(0, 10) >= first,
  );
  const grouped = new Map<string, Absence[]>();
  for (const a of touching) grouped.set(a.employee_id, [...(grouped.get(a.employee_id) ?? []), a]);
  // Colleagues the caller may not read as employees (the department's calendar): their username, in the caller's
  // department, which is the only one whose absences such a caller sees.
  for (const username of grouped.keys())
    if (!byName.has(username)) byName.set(username, { username, name: username, department: own?.department ?? 0 });
  const rows = [...byName.values()].sort((a, b) => a.department - b.department || a.name.localeCompare(b.name));
  return {
    rows,
    departments: new Map((departments.data?.data ?? []).map((d) => [d.id, d.name])),
    absences: grouped,
  };
}
