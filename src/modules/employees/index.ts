// Employees (docs/api/people.md) and the employees of a department.
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { Reference } from '../../db/references.js';
import type { AreaRows } from '../../access/rows.js';
import employeeRoutes from './employees.routes.js';

export { examples } from './employees.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Employees: 'organisation', Departments: 'organisation' };

/** Columns of this module's tables that name other records: their deletes are refused while rows refer to them. */
export const references: Reference[] = [
  { table: 'employees', column: 'department_id', to: 'departments', what: 'the department of employees', order: 45 },
  { table: 'employees', column: 'price_group', to: 'price_groups', by: 'name', what: 'employees', order: 45 },
];

/** The rows a person with a narrower grant than all reaches (access/rows.ts, docs/api/permissions.md). */
export const rowRules: AreaRows = {
  own: { param: 'username', list: { paths: ['/employees', '/departments/:id/employees'], column: 'username' } },
};

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.ownReadOnly;

export default async function employees(app: ZkApp) {
  await app.register(employeeRoutes);
}
