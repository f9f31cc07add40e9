// Employees (docs/api/people.md) and the employees of a department.
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { AreaRows } from '../../access/rows.js';
import employeeRoutes from './employees.routes.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Employees: 'organisation', Departments: 'organisation' };

/** The rows a person with a narrower grant than all reaches (access/rows.ts, docs/api/permissions.md). */
export const rowRules: AreaRows = { own: { param: 'username' } };

export default async function employees(app: ZkApp) {
  await app.register(employeeRoutes);
}
