// Attendances (project time bookings) with every booking rule.
import type { ZkApp } from '../../types.js';
import attendanceRoutes from './attendances.routes.js';
import attendanceBulkRoutes from './attendances.bulk.js';

export default async function attendances(app: ZkApp) {
  await app.register(attendanceRoutes);
  await app.register(attendanceBulkRoutes);
}
