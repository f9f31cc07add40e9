// Webhooks: subscriptions, the outbox the write path fills, the delivery worker.
import { type AreaGrants, GRANT } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import webhookRoutes from './webhooks.routes.js';
import { enqueueDeliveries } from './webhooks.outbox.js';

export { examples } from './webhooks.examples.js';
export { demo } from './webhooks.demo.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Webhooks: 'integration' };

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = { administrator: GRANT.all };

export default async function webhooks(app: ZkApp) {
  app.zk.changeLog.listen(enqueueDeliveries);
  await app.register(webhookRoutes);
}
