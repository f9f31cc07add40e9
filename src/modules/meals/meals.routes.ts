// GET/POST /employees/{username}/meals, GET/PATCH/PUT/DELETE …/{id}: one meal of a type per employee and day.
// Filters start_date/end_date (inclusive).
import type { ZkApp } from '../../types.js';
import { employeeChildRoutes } from '../employees/employee-children.routes.js';
import { Meal, MealCreate, MealQuery, MealUpdate } from './meals.schemas.js';
import { mealListSpec } from './meals.repository.js';
import { meals } from './meals.service.js';

export default async function mealRoutes(app: ZkApp) {
  employeeChildRoutes(app, 'meals', 'meals', {
    name: 'Meal',
    plural: 'meals of an employee',
    tags: ['Employee meals'],
    resource: Meal,
    repository: meals,
    list: { query: MealQuery, spec: mealListSpec },
    create: { body: MealCreate },
    update: { body: MealUpdate },
  });
}
