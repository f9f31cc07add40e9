// Employees (docs/api/people.md) and the employees of a department.
import type { ZkApp } from '../../types.js';
import employeeRoutes from './employees.routes.js';

export default async function employees(app: ZkApp) {
  await app.register(employeeRoutes);
}
