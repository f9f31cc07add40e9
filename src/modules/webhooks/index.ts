// Webhooks (issue 19 §4): subscriptions, the outbox the write path fills, the delivery worker.
import type { ZkApp } from '../../types.js';
import webhookRoutes from './webhooks.routes.js';

export default async function webhooks(app: ZkApp) {
  await app.register(webhookRoutes);
}
