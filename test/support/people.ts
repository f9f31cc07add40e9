// Helpers for the people/organisation tests: create employees through the API.
import type { Client } from './app.js';

let counter = 0;

/** POST /employees with sensible defaults; returns the created employee (asserting 201 is the caller's job when it matters). */
export async function createEmployee(c: Client, values: Record<string, unknown> = {}) {
  counter++;
  const r = await c.post('/employees', {
    username: `emp.${counter}.${Date.now() % 100000}`,
    firstname: 'Erika',
    lastname: 'Muster',
    ...values,
  });
  if (r.status !== 201) throw new Error(`creating employee failed: ${r.status} ${r.text}`);
  return r.body.data;
}

/** Path segment of a username (clients URL-encode dots, dashes and apostrophes safely). */
export const userPath = (username: string) => `/employees/${encodeURIComponent(username)}`;
