// Receipt types: master data for receipts, additive in v1.
import type { ZkApp } from '../../types.js';
import receiptTypeRoutes from './receipt-types.routes.js';

export default async function receiptTypes(app: ZkApp) {
  await app.register(receiptTypeRoutes);
}
