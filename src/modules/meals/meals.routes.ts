// GET/POST /employees/{username}/meals, GET/PATCH/PUT/DELETE …/{id}: one meal of a type per employee and day.
// Filters start_date/end_date (inclusive).
import type { ZkApp } from '../../types.js';
import { assertUnique, dateValues, enumId } from '../crud/index.js';
import { type Scope } from '../../tenancy/scope.js';
import type { EmployeeRow } from '../employees/employees.repository.js';
import { childColumns, writeChild } from '../employees/employee-children.service.js';
import { employeeChildRoutes } from '../employees/employee-children.routes.js';
import { Meal, MealCreate, MealQuery, MealUpdate, type MealWriteT } from './meals.schemas.js';
import { findMeal, listMeals, mealListSpec, toMeal, type MealRow } from './meals.repository.js';

async function write(s: Scope, employee: EmployeeRow, body: MealWriteT, current?: MealRow) {
  dateValues(body, ['date']);
  const values = childColumns(body, employee, ['date', 'note'] as const) as Record<string, unknown>;
  if (body.meal_type !== undefined) values.meal_type = enumId(body.meal_type);
  return writeChild<MealRow>(s, 'meals', employee, values, current, (trx, merged) =>
    assertUnique(trx, 'meals', 'meal_type', Number(merged.meal_type), {
      where: { employee_id: employee.username, date: merged.date },
      exceptId: current ? Number(current.id) : undefined,
      message: 'The employee already has a meal of this type on this date.',
    }),
  );
}

export default async function mealRoutes(app: ZkApp) {
  employeeChildRoutes(app, 'meals', 'meals', {
    name: 'Meal',
    plural: 'meals of an employee',
    tags: ['Employee meals'],
    resource: Meal,
    repository: {
      list: (s, q, e) => listMeals(s.db, e.username, q),
      find: (s, id, e) => findMeal(s.db, e.username, id),
      show: (s, row) => toMeal(row, s.tenant),
      insert: (s, body, e) => write(s, e, body),
      update: (s, row, body, e) => write(s, e, body, row),
    },
    list: { query: MealQuery, spec: mealListSpec },
    create: { body: MealCreate },
    update: { body: MealUpdate },
  });
}
