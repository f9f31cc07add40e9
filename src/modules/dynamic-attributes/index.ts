// Dynamic attribute definitions (docs/api/masterdata.md) and the values records carry.
import { type AreaGrants, PROFILES } from '../../access/matrix.js';
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import dynamicAttributeRoutes from './dynamic-attributes.routes.js';

export { examples } from './dynamic-attributes.examples.js';
export { demo } from './dynamic-attributes.demo.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Dynamic attributes': 'customers-projects' };

/** Who may read and write this area, by role (src/access/matrix.ts, docs/api/permissions.md). */
export const grants: AreaGrants = PROFILES.office;

export default async function dynamicAttributes(app: ZkApp) {
  await app.register(dynamicAttributeRoutes);
}
