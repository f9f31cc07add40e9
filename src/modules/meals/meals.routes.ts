// GET/POST /employees/{username}/meals, GET/PATCH/PUT/DELETE …/{id} (reference §4.16 names list and detail; the
// fields are ours): one meal of a type per employee and day. Filters start_date/end_date (inclusive).
import { Type, type Static } from '@sinclair/typebox';
import type { Selectable } from 'kysely';
import type { ZkApp } from '../../types.js';
import type { MealsTable } from './meals.tables.js';
import { DateOnly, DateTimeOut, IntIdName, Nullable, Opt } from '../../http/schemas.js';
import { ErrorBag } from '../../http/errors.js';
import { outDate, outTimestamp } from '../../http/formats.js';
import { listQuery } from '../../http/list/index.js';
import { DateIn, EnumIn, dateValues, enumId } from '../crud/index.js';
import { resourceRoutes, type Scope } from '../crud/index.js';
import { requireEmployee, UsernameParam, type EmployeeRow } from '../employees/employee-ref.js';
import { childColumns, deleteChild, writeChild } from '../employees/employee-children.js';
import { label } from '../employees/employees.repository.js';

type Row = Selectable<MealsTable>;

export const MEAL_TYPES: Record<number, { de: string; en: string }> = {
  1: { de: 'Frühstück', en: 'Breakfast' },
  2: { de: 'Mittagessen', en: 'Lunch' },
  3: { de: 'Abendessen', en: 'Dinner' },
};

const Meal = Type.Object({
  id: Type.Integer(),
  employee_id: Type.String(),
  date: DateTimeOut(),
  meal_type: IntIdName(),
  note: Nullable(Type.String()),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
});
const MealType = EnumIn(1, 3, '1 breakfast, 2 lunch, 3 dinner');
const writable = { employee_id: Type.Optional(Type.String({ maxLength: 255 })), note: Opt(Type.String({ maxLength: 1000 })) };
const MealCreate = Type.Object({ date: DateIn(), meal_type: MealType, ...writable });
const MealUpdate = Type.Object({ date: Type.Optional(DateIn()), meal_type: Type.Optional(MealType), ...writable });
const MealQuery = listQuery({ start_date: Type.Optional(DateOnly({ description: 'Meals on or after this date.' })), end_date: Type.Optional(DateOnly({ description: 'Meals on or before this date.' })) });

const list = (s: Scope, username: string) => s.db.selectFrom('meals').selectAll().where('tenant_id', '=', s.tenantId).where('employee_id', '=', username);

async function write(s: Scope, employee: EmployeeRow, body: Static<typeof MealUpdate>, current?: Row) {
  dateValues(body, ['date']);
  const values = childColumns(body, employee, ['date', 'note'] as const) as Record<string, unknown>;
  if (body.meal_type !== undefined) values.meal_type = enumId(body.meal_type);
  return writeChild<Row>(s, 'meals', employee, values, current, async (trx, merged) => {
    const taken = await trx
      .selectFrom('meals')
      .select('id')
      .where('tenant_id', '=', s.tenantId)
      .where('employee_id', '=', employee.username)
      .where('date', '=', merged.date as string)
      .where('meal_type', '=', Number(merged.meal_type))
      .where('id', '<>', current ? Number(current.id) : 0)
      .executeTakeFirst();
    if (taken) new ErrorBag().add('meal_type', 'The employee already has a meal of this type on this date.').throwIfAny();
  });
}

export default async function mealRoutes(app: ZkApp) {
  resourceRoutes<EmployeeRow, Row, unknown>(app, {
    name: 'Meal',
    plural: 'meals of an employee',
    tags: ['Employee meals'],
    path: '/employees/:username/meals',
    parentParams: UsernameParam,
    parent: requireEmployee,
    resource: Meal,
    list: {
      query: MealQuery,
      build: (s, e, q) => {
        let b = list(s, e.username);
        if (q.start_date !== undefined) b = b.where('date', '>=', q.start_date);
        if (q.end_date !== undefined) b = b.where('date', '<=', q.end_date);
        return b;
      },
      spec: { key: ['id'], defaultSort: 'date', sortable: { id: 'id', date: 'date', meal_type: 'meal_type', created: { column: 'created', nullable: true }, modified: { column: 'modified', nullable: true } } },
    },
    find: (s, e, id) => list(s, e.username).where('id', '=', id).executeTakeFirst(),
    show: (s, _e, r) => ({
      id: Number(r.id),
      employee_id: r.employee_id,
      date: outDate(r.date)!,
      meal_type: { id: Number(r.meal_type), name: label(s.tenant, MEAL_TYPES[Number(r.meal_type)], Number(r.meal_type)) },
      note: r.note,
      created: outTimestamp(r.created),
      modified: outTimestamp(r.modified),
    }),
    create: { body: MealCreate, run: (s, e, body) => write(s, e, body) },
    update: { body: MealUpdate, run: (s, e, row, body) => write(s, e, body, row) },
    remove: (s, _e, row) => deleteChild(s, 'meals', Number(row.id)),
  });
}
