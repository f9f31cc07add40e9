// Attendances (project time bookings) with every booking rule.
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import type { AreaRows } from '../../access/rows.js';
import attendanceRoutes from './attendances.routes.js';
import attendanceBulkRoutes from './attendances.bulk.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Attendances: 'time' };

/** The rows a person with a narrower grant than all reaches (access/rows.ts, docs/api/permissions.md). */
export const rowRules: AreaRows = {
  own: {
    query: 'employee_id',
    body: 'employee_id',
    record: { table: 'attendances', column: 'employee_id', paths: ['/attendances/:id'] },
  },
};

export default async function attendances(app: ZkApp) {
  await app.register(attendanceRoutes);
  await app.register(attendanceBulkRoutes);
}
