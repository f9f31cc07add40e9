// Absences with leave approval (reference §4.1, issue 15).
import type { ZkApp } from '../../types.js';
import absenceRoutes from './absences.routes.js';

export default async function absences(app: ZkApp) {
  await app.register(absenceRoutes);
}
