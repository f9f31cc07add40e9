// Regular working times of employees (docs/api/people.md).
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import workingTimeRoutes from './working-times.routes.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Regular working times': 'time' };

export default async function workingTimes(app: ZkApp) {
  await app.register(workingTimeRoutes);
}
