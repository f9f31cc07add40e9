// The change feed. What writes into it: plugins/write-path.
import { type AreaGrants, GRANT } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import changeRoutes from './changes.routes.js';
import { pruneChanges, recordChanges, recordVersion } from './changes.repository.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Changes: 'integration' };

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = { controller: GRANT.readAll, administrator: GRANT.readAll };

export default async function changes(app: ZkApp) {
  app.zk.changeLog.useStore({ record: recordChanges, version: recordVersion, prune: pruneChanges });
  await app.register(changeRoutes);
}
