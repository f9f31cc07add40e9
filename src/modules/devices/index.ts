// Terminals (devices, docs/api/people.md).
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import deviceRoutes from './devices.routes.js';

export { examples } from './devices.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { Devices: 'organisation' };

export default async function devices(app: ZkApp) {
  await app.register(deviceRoutes);
}
