// Employment periods of employees (docs/api/people.md).
import type { ZkApp } from '../../types.js';
import employmentPeriodRoutes from './employment-periods.routes.js';

export default async function employmentPeriods(app: ZkApp) {
  await app.register(employmentPeriodRoutes);
}
