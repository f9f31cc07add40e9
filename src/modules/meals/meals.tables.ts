// Meals of employees (migration 0201).
import type { Owned, Stamps, Authored } from '../../db/columns.js';

export interface MealsTable extends Owned, Stamps, Authored {
  employee_id: string;
  date: string;
  meal_type: number;
  note: string | null;
}

export interface MealTables {
  meals: MealsTable;
}

// Its tables, merged into the database Kysely sees (db/schema.ts).
declare module '../../db/schema.js' {
  interface DB extends MealTables {}
}
