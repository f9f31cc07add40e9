// Writing an employee's meals: one meal of a type per employee and day.
import { assertUnique, dateValues, enumId } from '../crud/index.js';
import { type Scope } from '../../tenancy/scope.js';
import type { EmployeeRow } from '../employees/employees.repository.js';
import { childColumns, childRepository, writeChild } from '../employees/employee-children.service.js';
import type { MealWriteT } from './meals.schemas.js';
import { findMeal, listMeals, toMeal, type MealRow } from './meals.repository.js';

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

/** The meals of an employee as the CRUD kit (modules/crud) lists, reads and writes them. */
export const meals = {
  ...childRepository({ list: listMeals, find: findMeal, write }),
  show: ({ tenant }: Scope, row: MealRow) => toMeal(row, tenant),
};
