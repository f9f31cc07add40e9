// Department managers (docs/api/people.md): `manager_count` on list items, `manager[]` on the detail; written
// through the department's `manager` field (usernames, or the objects the detail returns).
import type { TenantDb } from '../../db/tenant-scope.js';
import { countLinks, DEPARTMENT_MANAGERS, replaceLinks, resolveExisting } from '../crud/index.js';

export interface ManagerT {
  username: string;
  firstname: string;
  lastname: string;
  personal_number: string | null;
  email: string | null;
}

export const countManagers = (db: TenantDb, departmentIds: readonly number[]) =>
  countLinks(db, DEPARTMENT_MANAGERS, departmentIds);

export async function loadManagers(db: TenantDb, departmentId: number): Promise<ManagerT[]> {
  return db
    .selectFrom('department_managers as m')
    .innerJoin('employees as e', (j) =>
      j.onRef('e.tenant_id', '=', 'm.tenant_id').onRef('e.username', '=', 'm.employee_id'),
    )
    .select(['e.username', 'e.firstname', 'e.lastname', 'e.personal_number', 'e.email'])
    .where('m.department_id', '=', departmentId)
    .orderBy('e.username')
    .execute();
}

/** Usernames of a request's `manager` field; unknown ones answer 422 on `manager`. */
export const resolveManagers = (db: TenantDb, input: readonly (string | { username: string })[]) =>
  resolveExisting(
    db,
    'employees',
    'username',
    input.map((m) => (typeof m === 'string' ? m : m.username)),
    'manager',
  );

/** Replace a department's managers (inside the department's write transaction). */
export const setManagers = (db: TenantDb, departmentId: number, usernames: readonly string[]) =>
  replaceLinks(db, DEPARTMENT_MANAGERS, departmentId, usernames);
