// Dynamic attribute definitions (docs/api/masterdata.md) and the values records carry.
import type { ZkApp } from '../../types.js';
import dynamicAttributeRoutes from './dynamic-attributes.routes.js';

export default async function dynamicAttributes(app: ZkApp) {
  await app.register(dynamicAttributeRoutes);
}
