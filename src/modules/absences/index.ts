// Absences with leave approval (docs/api/absences.md).
import type { ZkApp } from '../../types.js';
import absenceRoutes from './absences.routes.js';

export default async function absences(app: ZkApp) {
  await app.register(absenceRoutes);
}
