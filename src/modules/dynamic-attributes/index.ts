// Dynamic attribute definitions (docs/api/masterdata.md) and the values records carry.
import type { ZkApp } from '../../types.js';
import type { DocsTags } from '../../plugins/docs-groups.js';
import dynamicAttributeRoutes from './dynamic-attributes.routes.js';

export { examples } from './dynamic-attributes.examples.js';

/** The /docs group of each tag its operations carry. */
export const docsTags: DocsTags = { 'Dynamic attributes': 'customers-projects' };

export default async function dynamicAttributes(app: ZkApp) {
  await app.register(dynamicAttributeRoutes);
}
