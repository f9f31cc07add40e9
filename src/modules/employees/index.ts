// Employees (docs/api/people.md) and the employees of a department.
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import employeeRoutes from './employees.routes.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Employees: 'organisation', Departments: 'organisation' };

export default async function employees(app: ZkApp) {
  await app.register(employeeRoutes);
}
