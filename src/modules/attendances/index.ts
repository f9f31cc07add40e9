// Attendances (project time bookings) with every booking rule.
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import attendanceRoutes from './attendances.routes.js';
import attendanceBulkRoutes from './attendances.bulk.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Attendances: 'time' };

export default async function attendances(app: ZkApp) {
  await app.register(attendanceRoutes);
  await app.register(attendanceBulkRoutes);
}
