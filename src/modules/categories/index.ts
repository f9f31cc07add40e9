// Categories (docs/api/masterdata.md) and the category links other records carry.
import type { ZkApp } from '../../types.js';
import categoryRoutes from './categories.routes.js';

export default async function categories(app: ZkApp) {
  await app.register(categoryRoutes);
}
