// Meals of employees (docs/api/people.md).
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { AreaRows } from '../../access/rows.js';
import mealRoutes from './meals.routes.js';

export { examples } from './meals.examples.js';
export { demo } from './meals.demo.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Employee meals': 'time' };

/** The rows a person with a narrower grant than all reaches (access/rows.ts, docs/api/permissions.md). */
export const rowRules: AreaRows = { own: { param: 'username' } };

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.personal;

export default async function meals(app: ZkApp) {
  await app.register(mealRoutes);
}
