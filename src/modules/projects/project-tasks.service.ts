// Task rules beyond plain SQL: the parent must be a task of the same project and not the task itself or one
// below it; the runtime lies within the project's and ends after it starts; billing types are parsed.
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Scope } from '../../tenancy/scope.js';
import { ErrorBag } from '../../values/errors.js';
import { refuseWhileUsed } from '../crud/index.js';
import { parseTaskBillingType } from './project-enums.js';
import type { TaskUpdateT } from './project-tasks.schemas.js';
import {
  deleteTask,
  findTask,
  insertTask,
  isSelfOrDescendant,
  listTasks,
  toTask,
  updateTask,
  type TaskColumns,
  type TaskRow,
} from './project-tasks.repository.js';
import type { ProjectRow } from './projects.repository.js';

/** Check a task body against its project (runtime, parent) and turn it into columns. */
async function taskColumns(
  db: TenantDb,
  project: ProjectRow,
  body: TaskUpdateT,
  current?: TaskRow,
): Promise<TaskColumns> {
  const errors = new ErrorBag();
  const { billing_type, status_id, ...columns } = body as TaskUpdateT;
  const values: TaskColumns = { ...columns };
  if (status_id !== undefined && body.status === undefined) values.status = status_id;
  if (billing_type !== undefined) {
    const id = billing_type === null ? 1 : parseTaskBillingType(billing_type);
    if (id === undefined)
      errors.add(
        'billing_type',
        'The selected billing type is invalid (1 like the project, 2 Stundensatz, 3 Tagessatz, 4 Pausch).',
      );
    else values.billing_type = id;
  }
  if (body.parent_id !== undefined && body.parent_id !== null) {
    const parent = await findTask(db, Number(project.id), body.parent_id);
    if (!parent) errors.add('parent_id', 'The selected parent id is not a task of this project.');
    else if (current && (await isSelfOrDescendant(db, Number(current.id), body.parent_id)))
      errors.add('parent_id', 'A task cannot be placed below itself.');
  }
  const start = body.start_date !== undefined ? body.start_date : (current?.start_date ?? null);
  const end = body.end_date !== undefined ? body.end_date : (current?.end_date ?? null);
  if (start && end && end < start) errors.add('end_date', 'The end date must be a date after or equal to start date.');
  if (start && ((project.start_date && start < project.start_date) || (project.end_date && start > project.end_date))) {
    errors.add('start_date', 'The start date must lie within the runtime of the project.');
  }
  if (end && ((project.end_date && end > project.end_date) || (project.start_date && end < project.start_date))) {
    errors.add('end_date', 'The end date must lie within the runtime of the project.');
  }
  errors.throwIfAny();
  return values;
}

/** Create (no current task) or update a task of the project. */
export async function writeTask(
  db: TenantDb,
  project: ProjectRow,
  body: TaskUpdateT & { name?: string },
  current?: TaskRow,
): Promise<TaskRow> {
  const values = await taskColumns(db, project, body, current);
  return current
    ? updateTask(db, Number(current.id), values)
    : insertTask(db, Number(project.id), { ...values, name: body.name! });
}

/** Refused (422 on task_id) while child tasks, tickets, bookings or receipts refer to the task. */
export async function removeTask(db: TenantDb, task: TaskRow): Promise<void> {
  await refuseWhileUsed(db, 'project_tasks', task, (what) => `The task still has ${what}.`, 'task_id');
  await deleteTask(db, Number(task.id));
}

/** The tasks of a project as the CRUD kit (modules/crud) lists, reads and writes them. */
export const projectTasks = {
  list: ({ db }: Scope, query: { parent_id?: number; name?: string }, project: ProjectRow) =>
    listTasks(db, Number(project.id), query),
  find: ({ db }: Scope, id: number, project: ProjectRow) => findTask(db, Number(project.id), id),
  show: ({ db }: Scope, row: TaskRow) => toTask(row, db.language),
  insert: ({ db }: Scope, body: TaskUpdateT & { name?: string }, project: ProjectRow) => writeTask(db, project, body),
  update: ({ db }: Scope, row: TaskRow, changes: TaskUpdateT, project: ProjectRow) =>
    writeTask(db, project, changes, row),
  remove: ({ db }: Scope, row: TaskRow) => removeTask(db, row),
};
