// Meals of employees (docs/api/people.md).
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import mealRoutes from './meals.routes.js';

export { examples } from './meals.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Employee meals': 'time' };

export default async function meals(app: ZkApp) {
  await app.register(mealRoutes);
}
