// SQL for project tasks; every query is scoped by tenant (and project).
import { rowMapper } from '../../db/row-mapping.js';
import { equalsIgnoringCase } from '../../db/lookup.js';
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Authored } from '../../db/columns.js';
import type { ProjectTasksTable } from './projects.tables.js';
import type { ListSpec } from '../../db/list-spec.js';
import { nowTimestamp, outDate } from '../../values/formats.js';
import { Task, TASK_NUMBER_FIELDS, type TaskT } from './project-tasks.schemas.js';
import { isSelfOrDescendant as isTreeDescendant } from '../../db/tree.js';

export type TaskRow = Selectable<ProjectTasksTable>;
export type TaskColumns = Partial<
  Omit<ProjectTasksTable, 'tenant_id' | 'id' | 'project_id' | 'created' | 'modified' | keyof Authored>
>;

const nullable = (column: string) => ({ column, nullable: true });
export const taskListSpec: ListSpec = {
  key: ['id'],
  sortable: {
    id: 'id',
    name: 'name',
    billing_type: 'billing_type',
    status_id: nullable('status'), // the docs' alias of status
    ...Object.fromEntries(
      [
        'parent_id',
        'description',
        'status',
        'order_number',
        'start_date',
        'end_date',
        ...TASK_NUMBER_FIELDS,
        'created',
        'modified',
      ].map((c) => [c, nullable(c)]),
    ),
  },
};

export function listTasks(db: TenantDb, projectId: number, f: { parent_id?: number; name?: string }) {
  let q = db.selectFrom('project_tasks').selectAll().where('project_id', '=', projectId);
  if (f.parent_id !== undefined) q = q.where('parent_id', '=', f.parent_id);
  if (f.name !== undefined) q = q.where(equalsIgnoringCase('name', f.name));
  return q;
}

/** A task of this project (a task of another project is not found). */
export const findTask = (db: TenantDb, projectId: number, id: number) =>
  db
    .selectFrom('project_tasks')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();

export async function insertTask(db: TenantDb, projectId: number, values: TaskColumns & { name: string }) {
  const now = nowTimestamp();
  return db
    .insertInto('project_tasks', { billing_type: 1, ...values, project_id: projectId, created: now, modified: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const updateTask = (db: TenantDb, id: number, values: TaskColumns) =>
  db
    .updateTable('project_tasks')
    .set({ ...values, modified: nowTimestamp() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

export async function deleteTask(db: TenantDb, id: number) {
  await db.transaction(async (trx) => {
    for (const table of ['category_links', 'dynamic_attribute_values'] as const) {
      await trx.deleteFrom(table).where('entity_type', '=', 'task').where('entity_id', '=', id).execute();
    }
    await trx.deleteFrom('project_tasks').where('id', '=', id).execute();
  });
}

/** Is `candidate` the task itself or below it? (A parent must not create a cycle.) */
export const isSelfOrDescendant = (db: TenantDb, id: number, candidate: number) =>
  isTreeDescendant(db, 'project_tasks', id, candidate);

const mapTask = rowMapper(Task, {
  columns: { status_id: 'status' },
  convert: { start_date: outDate, end_date: outDate },
  labels: { billing_type: { set: 'task_billing_type', ifNull: 1 } },
});
export const toTask = (r: TaskRow, language: string): TaskT => mapTask(r, { language });
