// The change feed. What writes into it: plugins/write-path.
import type { ZkApp } from '../../types.js';
import changeRoutes from './changes.routes.js';
import { pruneChanges, recordChanges, recordVersion } from './changes.repository.js';

export default async function changes(app: ZkApp) {
  app.zk.changeLog.useStore({ record: recordChanges, version: recordVersion, prune: pruneChanges });
  await app.register(changeRoutes);
}
