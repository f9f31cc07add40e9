// Transponders of employees (docs/api/people.md).
import type { ZkApp } from '../../types.js';
import transponderRoutes from './transponders.routes.js';

export default async function transponders(app: ZkApp) {
  await app.register(transponderRoutes);
}
