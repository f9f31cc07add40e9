// The change feed (issue 19 §3). What writes into it: plugins/write-path.
import type { ZkApp } from '../../types.js';
import changeRoutes from './changes.routes.js';

export default async function changes(app: ZkApp) {
  await app.register(changeRoutes);
}
