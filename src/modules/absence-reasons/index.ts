// Absence reasons (docs/api/absences.md): read per contract, writes additive.
import type { ZkApp } from '../../types.js';
import absenceReasonRoutes from './absence-reasons.routes.js';

export default async function absenceReasons(app: ZkApp) {
  await app.register(absenceReasonRoutes);
}
