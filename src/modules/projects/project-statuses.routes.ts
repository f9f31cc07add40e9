// /project-statuses (additive in v1): the statuses a project's project_status_id names. The short name is
// the key (path and reference); renaming follows into every project (ON UPDATE CASCADE). A tenant without any
// status gets the defaults on first use.
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { refuseWhileUsed, resourceRoutes } from '../crud/index.js';
import {
  ProjectStatus,
  ProjectStatusCreate,
  ProjectStatusListQuery,
  ProjectStatusUpdate,
  type ProjectStatusT,
} from './project-statuses.schemas.js';
import {
  deleteProjectStatus,
  ensureDefaultStatuses,
  findProjectStatus,
  insertProjectStatus,
  listProjectStatuses,
  projectStatusListSpec,
  toProjectStatus,
  updateProjectStatus,
  type ProjectStatusRow,
} from './project-statuses.repository.js';

export default async function projectStatusRoutes(app: ZkApp) {
  resourceRoutes<void, ProjectStatusRow, ProjectStatusT>(app, {
    name: 'Project status',
    plural: 'project statuses',
    tags: ['Project statuses'],
    path: '/project-statuses',
    records: { table: 'project_statuses', key: ['name'] },
    key: { name: 'name', schema: Type.String({ minLength: 1, maxLength: 32 }) },
    parent: (s) => ensureDefaultStatuses(s.db),
    unique: { table: 'project_statuses', field: 'name' },
    resource: ProjectStatus,
    list: {
      query: ProjectStatusListQuery,
      build: (s, _p, q) => listProjectStatuses(s.db, q),
      spec: projectStatusListSpec,
    },
    find: (s, _p, name) => findProjectStatus(s.db, name),
    show: (_s, _p, row) => toProjectStatus(row),
    create: { body: ProjectStatusCreate, run: (s, _p, body) => insertProjectStatus(s.db, body) },
    update: { body: ProjectStatusUpdate, run: (s, _p, row, body) => updateProjectStatus(s.db, Number(row.id), body) },
    remove: async (s, _p, row) => {
      await refuseWhileUsed(
        s.db,
        'project_statuses',
        row,
        (what) => `The project status is still used by ${what}.`,
        'name',
      );
      await deleteProjectStatus(s.db, Number(row.id));
    },
    summaries: {
      list: 'List project statuses (by order)',
      get: 'Get a project status by short name',
      update: 'Update a project status (only submitted fields change)',
      remove: 'Delete a project status (refused while projects carry it)',
    },
  });
}
