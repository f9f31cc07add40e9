// GET/POST /projects/{id}/tasks, GET/PATCH/PUT/DELETE /projects/{id}/tasks/{task_id} (contract, reference §4.24).
// A task of another project is 404 on the path and 422 as a parent reference.
import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { ZkApp } from '../../types.js';
import type { DB } from '../../db/schema.js';
import { MAX_ID, Paginated, responses, Single } from '../../http/schemas.js';
import { listResponse } from '../../http/list/index.js';
import { ErrorBag, notFound, validationError } from '../../http/errors.js';
import { parseTaskBillingType } from './project-enums.js';
import { Task, TaskCreate, TaskListQuery, TaskUpdate, type TaskUpdateT } from './project-tasks.schemas.js';
import { deleteTask, findTask, insertTask, isSelfOrDescendant, listTasks, taskListSpec, toTask, updateTask, type TaskColumns, type TaskRow } from './project-tasks.repository.js';
import type { ProjectRow } from './projects.repository.js';
import { requireProject } from './projects.service.js';
import { findReferences } from '../../db/references.js';
import { TASK_REFERENCES } from './project-references.js';

const tags = ['Project tasks'];
const ProjectParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
const TaskParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }), task_id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });

/** Check a task body against its project (runtime, parent) and turn it into columns. */
async function taskColumns(db: Kysely<DB>, tenantId: number, project: ProjectRow, body: TaskUpdateT, current?: TaskRow): Promise<TaskColumns> {
  const errors = new ErrorBag();
  const { billing_type, status_id, ...columns } = body as TaskUpdateT;
  const values: TaskColumns = { ...columns };
  if (status_id !== undefined && body.status === undefined) values.status = status_id;
  if (billing_type !== undefined) {
    const id = billing_type === null ? 1 : parseTaskBillingType(billing_type);
    if (id === undefined) errors.add('billing_type', 'The selected billing type is invalid (1 like the project, 2 Stundensatz, 3 Tagessatz, 4 Pausch).');
    else values.billing_type = id;
  }
  if (body.parent_id !== undefined && body.parent_id !== null) {
    const parent = await findTask(db, tenantId, Number(project.id), body.parent_id);
    if (!parent) errors.add('parent_id', 'The selected parent id is not a task of this project.');
    else if (current && (await isSelfOrDescendant(db, tenantId, Number(current.id), body.parent_id))) errors.add('parent_id', 'A task cannot be placed below itself.');
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

export default async function projectTaskRoutes(app: ZkApp) {
  const { db } = app.zk;

  async function load(tenantId: number, projectId: number, taskId: number) {
    const project = await requireProject(db, tenantId, projectId);
    const task = await findTask(db, tenantId, projectId, taskId);
    if (!task) throw notFound('Task');
    return { project, task };
  }

  app.get(
    '/projects/:id/tasks',
    { schema: { summary: 'List the tasks of a project', tags, params: ProjectParams, querystring: TaskListQuery, response: responses({ 200: Paginated(Task) }) } },
    async (req) => {
      await requireProject(db, req.tenant.id, req.params.id);
      return listResponse(req, listTasks(db, req.tenant.id, req.params.id, req.query), taskListSpec, (rows) => rows.map(toTask));
    },
  );

  app.get(
    '/projects/:id/tasks/:task_id',
    { schema: { summary: 'Get a task of a project', tags, params: TaskParams, response: responses({ 200: Single(Task) }) } },
    async (req) => ({ data: toTask((await load(req.tenant.id, req.params.id, req.params.task_id)).task) }),
  );

  app.post(
    '/projects/:id/tasks',
    { schema: { summary: 'Create a task (description at most 255 characters)', tags, params: ProjectParams, body: TaskCreate, response: responses({ 201: Single(Task) }, { write: true }) } },
    async (req, reply) => {
      const project = await requireProject(db, req.tenant.id, req.params.id);
      const values = await taskColumns(db, req.tenant.id, project, req.body);
      return reply.code(201).send({ data: toTask(await insertTask(db, req.tenant.id, Number(project.id), { ...values, name: req.body.name })) });
    },
  );

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/projects/:id/tasks/:task_id',
    schema: { summary: 'Update a task (only submitted fields change)', tags, params: TaskParams, body: TaskUpdate, response: responses({ 200: Single(Task) }, { write: true }) },
    handler: async (req) => {
      const { project, task } = await load(req.tenant.id, req.params.id, req.params.task_id);
      const values = await taskColumns(db, req.tenant.id, project, req.body, task);
      return { data: toTask(await updateTask(db, req.tenant.id, Number(task.id), values)) };
    },
  });

  app.delete(
    '/projects/:id/tasks/:task_id',
    { schema: { summary: 'Delete a task (refused while child tasks, tickets or bookings refer to it)', tags, params: TaskParams, response: responses({ 204: Type.Null() }, { write: true }) } },
    async (req, reply) => {
      const { task } = await load(req.tenant.id, req.params.id, req.params.task_id);
      const refs = await findReferences(db, req.tenant.id, TASK_REFERENCES, Number(task.id));
      if (refs.length > 0) throw validationError({ task_id: refs.map((r) => `The task still has ${r}.`) });
      await deleteTask(db, req.tenant.id, Number(task.id));
      return reply.code(204).send();
    },
  );
}
