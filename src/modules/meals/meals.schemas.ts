// Meals of an employee (docs/api/people.md names list and detail; the fields are ours): one meal of a type per
// employee and day.
import { Type, type Static } from '@sinclair/typebox';
import {
  DateOnly,
  DateTimeOut,
  IntIdName,
  Nullable,
  Opt,
  Labelled,
  DateIn,
  RecordAuthors,
} from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';
import { EnumIn } from '../crud/index.js';

export const Meal = Type.Object({
  id: Type.Integer(),
  employee_id: Type.String(),
  date: DateTimeOut(),
  meal_type: IntIdName(),
  note: Nullable(Type.String()),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type MealT = Static<typeof Meal>;
const MealType = Labelled('meal_type', EnumIn(1, 3, 'Ids 1..3.'));
const writable = {
  employee_id: Type.Optional(Type.String({ maxLength: 255 })),
  note: Opt(Type.String({ maxLength: 1000 })),
};
export const MealCreate = Type.Object({ date: DateIn(), meal_type: MealType, ...writable });
export const MealUpdate = Type.Object({
  date: Type.Optional(DateIn()),
  meal_type: Type.Optional(MealType),
  ...writable,
});
export type MealWriteT = Static<typeof MealUpdate>;
export const MealQuery = listQuery({
  start_date: Type.Optional(DateOnly({ description: 'Meals on or after this date.' })),
  end_date: Type.Optional(DateOnly({ description: 'Meals on or before this date.' })),
});
