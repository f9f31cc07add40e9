// Transponders of employees (docs/api/people.md).
import { type AreaGrants, GRANT } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import transponderRoutes from './transponders.routes.js';

export { examples } from './transponders.examples.js';
export { demo } from './transponders.demo.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Transponders: 'organisation' };

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = { controller: GRANT.readAll, administrator: GRANT.all };

export default async function transponders(app: ZkApp) {
  await app.register(transponderRoutes);
}
