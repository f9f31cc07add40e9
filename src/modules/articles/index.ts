// Articles (contract "Masterdata", docs/api/masterdata.md): read per contract, writes additive.
import type { ZkApp } from '../../types.js';
import articleRoutes from './articles.routes.js';

export default async function articles(app: ZkApp) {
  await app.register(articleRoutes);
}
