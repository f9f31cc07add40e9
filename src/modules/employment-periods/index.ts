// Employment periods of employees (docs/api/people.md).
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import employmentPeriodRoutes from './employment-periods.routes.js';

export { examples } from './employment-periods.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Employment periods': 'time' };

export default async function employmentPeriods(app: ZkApp) {
  await app.register(employmentPeriodRoutes);
}
