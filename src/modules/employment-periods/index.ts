// Employment periods of employees (docs/api/people.md).
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { AreaRows } from '../../access/rows.js';
import employmentPeriodRoutes from './employment-periods.routes.js';

export { examples } from './employment-periods.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Employment periods': 'time' };

/** The rows a person with a narrower grant than all reaches (access/rows.ts, docs/api/permissions.md). */
export const rowRules: AreaRows = { own: { param: 'username' } };

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.ownReadOnly;

export default async function employmentPeriods(app: ZkApp) {
  await app.register(employmentPeriodRoutes);
}
