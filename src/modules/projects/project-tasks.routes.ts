// GET/POST /projects/{id}/tasks, GET/PATCH/PUT/DELETE /projects/{id}/tasks/{task_id} (contract, docs/api/projects.md).
// A task of another project is 404 on the path and 422 as a parent reference.
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { MAX_ID } from '../../http/schemas.js';
import { resourceRoutes } from '../crud/index.js';
import { Task, TaskCreate, TaskListQuery, TaskUpdate } from './project-tasks.schemas.js';
import { taskListSpec } from './project-tasks.repository.js';
import { projectTasks } from './project-tasks.service.js';
import { requireProject } from './projects.service.js';

export default async function projectTaskRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Task',
    plural: 'tasks of a project',
    tags: ['Project tasks'],
    path: '/projects/:id/tasks',
    records: { table: 'project_tasks', key: ['project_id', 'id'] },
    parentParams: { id: Type.Integer({ minimum: 1, maximum: MAX_ID }) },
    key: { name: 'task_id', schema: Type.Integer({ minimum: 1, maximum: MAX_ID }) },
    parent: (s, params) => requireProject(s.db, Number(params.id)),
    resource: Task,
    repository: projectTasks,
    list: { query: TaskListQuery, spec: taskListSpec },
    create: { body: TaskCreate },
    update: { body: TaskUpdate },
    summaries: {
      list: 'List the tasks of a project',
      get: 'Get a task of a project',
      create: 'Create a task (description at most 255 characters)',
      update: 'Update a task (only submitted fields change)',
      remove: 'Delete a task (refused while child tasks, tickets, bookings or receipts refer to it)',
    },
  });
}
