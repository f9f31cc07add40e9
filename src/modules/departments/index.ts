// Departments (docs/api/people.md) with their managers and child departments.
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import departmentRoutes from './departments.routes.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Departments: 'organisation' };

export default async function departments(app: ZkApp) {
  await app.register(departmentRoutes);
}
