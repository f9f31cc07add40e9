// Department managers (reference §4.8): `manager_count` on list items, `manager[]` on the detail; written
// through the department's `manager` field (usernames, or the objects the detail returns).
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { fieldError } from '../../http/errors.js';
import { existingValues } from '../../db/lookup.js';

export interface ManagerT {
  username: string;
  firstname: string;
  lastname: string;
  personal_number: string | null;
  email: string | null;
}

export async function countManagers(db: Kysely<DB>, tenantId: number, departmentIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>(departmentIds.map((id) => [Number(id), 0]));
  if (departmentIds.length === 0) return out;
  const rows = await db
    .selectFrom('department_managers')
    .select(['department_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('department_id', 'in', departmentIds.map(Number))
    .groupBy('department_id')
    .execute();
  for (const r of rows) out.set(Number(r.department_id), Number(r.n));
  return out;
}

export async function loadManagers(db: Kysely<DB>, tenantId: number, departmentId: number): Promise<ManagerT[]> {
  return db
    .selectFrom('department_managers as m')
    .innerJoin('employees as e', (j) => j.onRef('e.tenant_id', '=', 'm.tenant_id').onRef('e.username', '=', 'm.employee_id'))
    .select(['e.username', 'e.firstname', 'e.lastname', 'e.personal_number', 'e.email'])
    .where('m.tenant_id', '=', tenantId)
    .where('m.department_id', '=', departmentId)
    .orderBy('e.username')
    .execute();
}

/** Usernames of a request's `manager` field; unknown ones answer 422 on `manager`. */
export async function resolveManagers(db: Kysely<DB>, tenantId: number, input: readonly (string | { username: string })[]): Promise<string[]> {
  const names = [...new Set(input.map((m) => (typeof m === 'string' ? m : m.username)))];
  const found = await existingValues(db, 'employees', tenantId, 'username', names);
  const missing = names.filter((n) => !found.has(n));
  if (missing.length) throw fieldError('manager', `The selected manager ${missing.map((m) => `"${m}"`).join(', ')} is invalid.`);
  return names;
}

/** Replace a department's managers (inside the department's write transaction). */
export async function setManagers(db: Kysely<DB>, tenantId: number, departmentId: number, usernames: readonly string[]): Promise<void> {
  await db.deleteFrom('department_managers').where('tenant_id', '=', tenantId).where('department_id', '=', departmentId).execute();
  if (usernames.length === 0) return;
  await db.insertInto('department_managers').values(usernames.map((employee_id) => ({ tenant_id: tenantId, department_id: departmentId, employee_id }))).execute();
}
