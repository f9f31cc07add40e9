// Closed months (booking rule 1): additive endpoints.
import { GRANT, PROFILES, type AreaGrants } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { AreaRows } from '../../access/rows.js';
import monthClosingRoutes from './month-closings.routes.js';

export { examples } from './month-closings.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Month closings': 'time' };

/** The rows a person with a narrower grant than all reaches (access/rows.ts, docs/api/permissions.md). */
export const rowRules: AreaRows = {
  // A month closed for the whole tenant (employee_id null) closes theirs too: it is one of their closings.
  own: {
    list: { paths: ['/month-closings'], column: 'employee_id', shared: true },
    record: { table: 'month_closings', column: 'employee_id', paths: ['/month-closings/:id'], shared: true },
  },
};

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = { ...PROFILES.ownReadOnly, controller: GRANT.all };

export default async function monthClosings(app: ZkApp) {
  await app.register(monthClosingRoutes);
}
