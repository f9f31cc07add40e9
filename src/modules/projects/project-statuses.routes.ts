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
} from './project-statuses.schemas.js';
import {
  deleteProjectStatus,
  ensureDefaultStatuses,
  projectStatusListSpec,
  projectStatuses,
} from './project-statuses.repository.js';

export default async function projectStatusRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Project status',
    plural: 'project statuses',
    tags: ['Project statuses'],
    path: '/project-statuses',
    // Master data every role reads (a User's projects show their status): an area of its own (index.ts `areas`).
    config: { area: 'project-statuses' },
    records: { table: 'project_statuses', key: ['name'] },
    key: { name: 'name', schema: Type.String({ minLength: 1, maxLength: 32 }) },
    parent: (s) => ensureDefaultStatuses(s.db),
    unique: { table: 'project_statuses', field: 'name' },
    resource: ProjectStatus,
    repository: projectStatuses,
    list: { query: ProjectStatusListQuery, spec: projectStatusListSpec },
    create: { body: ProjectStatusCreate },
    update: { body: ProjectStatusUpdate },
    remove: async (s, row) => {
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
