// Webhooks: subscriptions, the outbox the write path fills, the delivery worker.
import type { ZkApp } from '../../types.js';
import webhookRoutes from './webhooks.routes.js';
import { enqueueDeliveries } from './webhooks.outbox.js';

export default async function webhooks(app: ZkApp) {
  app.zk.changeLog.listen(enqueueDeliveries);
  await app.register(webhookRoutes);
}
