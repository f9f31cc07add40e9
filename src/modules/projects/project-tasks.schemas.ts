// Project task (docs/api/projects.md): own runtime within the project's, status, parent task, planned figures and
// billing type. Contract: `description` at most 255 characters (422 on `description`).
import { Type, type Static } from '@sinclair/typebox';
import {
  DateOnly,
  DateTimeOut,
  IntIdName,
  MAX_ID,
  Nullable,
  Opt,
  Labelled,
  RecordAuthors,
} from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';
import { EnumInput } from './projects.schemas.js';

export const TASK_NUMBER_FIELDS = [
  'plan_hours',
  'plan_hours_children',
  'plan_hours_done',
  'plan_hours_invoiced',
  'plan_wage',
  'plan_wage_children',
] as const;
const numbers = <S>(schema: () => S) =>
  Object.fromEntries(TASK_NUMBER_FIELDS.map((k) => [k, schema()])) as Record<(typeof TASK_NUMBER_FIELDS)[number], S>;

export const Task = Type.Object({
  id: Type.Integer(),
  project_id: Type.Integer(),
  parent_id: Nullable(Type.Integer()),
  name: Type.String(),
  description: Nullable(Type.String()),
  status: Nullable(Type.String({ description: 'Task status name.' })),
  status_id: Nullable(Type.String({ description: 'Same value as status (docs spelling).' })),
  order_number: Nullable(Type.String()),
  start_date: Nullable(DateTimeOut()),
  end_date: Nullable(DateTimeOut()),
  billing_type: IntIdName(),
  ...numbers(() => Nullable(Type.Number())),
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
});
export type TaskT = Static<typeof Task>;

const writable = {
  description: Opt(Type.String({ maxLength: 255 })),
  status: Opt(Type.String({ maxLength: 64 })),
  status_id: Opt(Type.String({ maxLength: 64, description: 'Alias of status.' })),
  order_number: Opt(Type.String({ maxLength: 64 })),
  start_date: Opt(DateOnly({ description: 'On or after the project start.' })),
  end_date: Opt(DateOnly({ description: 'On or after start_date, on or before the project end.' })),
  parent_id: Opt(Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'A task of the same project.' })),
  billing_type: Type.Optional(
    Labelled('task_billing_type', EnumInput('1 like the project (default), 2 Stundensatz, 3 Tagessatz, 4 Pausch.')),
  ),
  ...numbers(() => Opt(Type.Number({ minimum: 0, maximum: 1e12 }))),
};
const Name = Type.String({ minLength: 1, maxLength: 64 });
export const TaskCreate = Type.Object({ name: Name, ...writable });
export const TaskUpdate = Type.Object({ name: Type.Optional(Name), ...writable });
export type TaskUpdateT = Static<typeof TaskUpdate>;

export const TaskListQuery = listQuery({
  parent_id: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Only direct children of this task.' }),
  ),
  name: Type.Optional(Type.String({ maxLength: 64, description: 'Exact name.' })),
});
