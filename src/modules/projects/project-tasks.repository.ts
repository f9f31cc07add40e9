// SQL for project tasks; every query is scoped by tenant (and project).
import { equalsIgnoringCase } from '../../db/lookup.js';
import type { Selectable } from 'kysely';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { ProjectTasksTable } from './projects.tables.js';
import type { ListSpec } from '../../db/list-spec.js';
import { nowTimestamp, outDate, outTimestamp } from '../../values/formats.js';
import { labelled } from '../../values/labels.js';
import { TASK_NUMBER_FIELDS, type TaskT } from './project-tasks.schemas.js';
import { isSelfOrDescendant as isTreeDescendant } from '../../db/tree.js';

export type TaskRow = Selectable<ProjectTasksTable>;
export type TaskColumns = Partial<Omit<ProjectTasksTable, 'tenant_id' | 'id' | 'project_id' | 'created' | 'modified'>>;

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

export function toTask(r: TaskRow, language: string): TaskT {
  const num = (v: number | null) => (v === null ? null : Number(v));
  return {
    id: Number(r.id),
    project_id: Number(r.project_id),
    parent_id: num(r.parent_id),
    name: r.name,
    description: r.description,
    status: r.status,
    status_id: r.status,
    order_number: r.order_number,
    start_date: outDate(r.start_date),
    end_date: outDate(r.end_date),
    billing_type: labelled(language, 'task_billing_type', Number(r.billing_type ?? 1))!,
    ...(Object.fromEntries(TASK_NUMBER_FIELDS.map((k) => [k, num(r[k])])) as Record<
      (typeof TASK_NUMBER_FIELDS)[number],
      number | null
    >),
    created: outTimestamp(r.created),
    modified: outTimestamp(r.modified),
  };
}
