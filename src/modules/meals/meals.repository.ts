// SQL for meals; every query is scoped by tenant and employee.
import { rowMapper } from '../../db/row-mapping.js';
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Tenant } from '../../tenancy/tenants.js';
import type { ListSpec } from '../../db/list-spec.js';
import { outDate } from '../../values/formats.js';
import type { MealsTable } from './meals.tables.js';
import { Meal, type MealT } from './meals.schemas.js';

export type MealRow = Selectable<MealsTable>;

export const mealListSpec: ListSpec = {
  key: ['id'],
  defaultSort: 'date',
  sortable: {
    id: 'id',
    date: 'date',
    meal_type: 'meal_type',
    created: { column: 'created', nullable: true },
    modified: { column: 'modified', nullable: true },
  },
};

export function listMeals(db: TenantDb, username: string, f: { start_date?: string; end_date?: string } = {}) {
  let q = db.selectFrom('meals').selectAll().where('employee_id', '=', username);
  if (f.start_date !== undefined) q = q.where('date', '>=', f.start_date);
  if (f.end_date !== undefined) q = q.where('date', '<=', f.end_date);
  return q;
}

export const findMeal = (db: TenantDb, username: string, id: number) =>
  listMeals(db, username).where('id', '=', id).executeTakeFirst();

export const toMeal: (r: MealRow, tenant: Pick<Tenant, 'language'>) => MealT = rowMapper(Meal, {
  convert: { date: outDate },
  labels: { meal_type: 'meal_type' },
});
