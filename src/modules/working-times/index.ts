// Regular working times of employees (docs/api/people.md).
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { AreaRows } from '../../access/rows.js';
import workingTimeRoutes from './working-times.routes.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Regular working times': 'time' };

/** The rows a person with a narrower grant than all reaches (access/rows.ts, docs/api/permissions.md). */
export const rowRules: AreaRows = { own: { param: 'username' } };

export default async function workingTimes(app: ZkApp) {
  await app.register(workingTimeRoutes);
}
