// Closed months (booking rule 1): additive endpoints.
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import monthClosingRoutes from './month-closings.routes.js';

export { examples } from './month-closings.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Month closings': 'time' };

export default async function monthClosings(app: ZkApp) {
  await app.register(monthClosingRoutes);
}
