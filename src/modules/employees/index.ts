// Employees (reference §4.11) and the employees of a department.
import type { ZkApp } from '../../types.js';
import employeeRoutes from './employees.routes.js';

export default async function employees(app: ZkApp) {
  await app.register(employeeRoutes);
}
