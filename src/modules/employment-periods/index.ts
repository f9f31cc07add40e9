// Employment periods of employees (reference §4.12).
import type { ZkApp } from '../../types.js';
import employmentPeriodRoutes from './employment-periods.routes.js';

export default async function employmentPeriods(app: ZkApp) {
  await app.register(employmentPeriodRoutes);
}
