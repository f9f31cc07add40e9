// Working-time balances (docs/api/absences.md): hours booked against target hours, and leave per year.
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { AreaRows } from '../../access/rows.js';
import workhourBalanceRoutes from './workhour-balances.routes.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Working-time balances': 'time' };

/** The rows a person with a narrower grant than all reaches (access/rows.ts, docs/api/permissions.md). */
export const rowRules: AreaRows = {
  own: {
    query: 'employee_id',
    // A balance's key is its employee's numeric id.
    record: { table: 'employees', key: 'id', column: 'username', paths: ['/workhour-balances/:id'] },
  },
};

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.ownReadOnly;

export default async function workhourBalances(app: ZkApp) {
  await app.register(workhourBalanceRoutes);
}
