// Meals of employees (docs/api/people.md).
import type { ZkApp } from '../../types.js';
import mealRoutes from './meals.routes.js';

export default async function meals(app: ZkApp) {
  await app.register(mealRoutes);
}
