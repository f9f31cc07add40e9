// Departments (docs/api/people.md) with their managers and child departments.
import type { ZkApp } from '../../types.js';
import departmentRoutes from './departments.routes.js';

export default async function departments(app: ZkApp) {
  await app.register(departmentRoutes);
}
