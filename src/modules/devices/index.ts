// Terminals (devices, docs/api/people.md).
import { type AreaGrants, GRANT } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import deviceRoutes from './devices.routes.js';

export { examples } from './devices.examples.js';
export { demo } from './devices.demo.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Devices: 'organisation' };

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = { controller: GRANT.readAll, administrator: GRANT.all };

export default async function devices(app: ZkApp) {
  await app.register(deviceRoutes);
}
