// Which activities may be booked on a project: GET/POST /projects/{id}/activities,
// GET/PATCH/PUT/DELETE /projects/{id}/activities/{activity}; and the project's locations:
// GET/POST /projects/{id}/locations, GET/PATCH/PUT/DELETE /projects/{id}/locations/{name}.
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { MAX_ID } from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';
import { resourceRoutes } from '../crud/index.js';
import { type Scope } from '../../tenancy/scope.js';
import {
  ProjectActivity,
  ProjectActivityCreate,
  ProjectActivityListQuery,
  ProjectActivityUpdate,
  ProjectLocation,
  ProjectLocationCreate,
  ProjectLocationUpdate,
} from './project-activities.schemas.js';
import { projectActivitySpec, projectLocationSpec } from './project-activities.repository.js';
import { projectActivities, projectLocations } from './project-activities.service.js';
import { requireProject } from './projects.service.js';

const ProjectParams = { id: Type.Integer({ minimum: 1, maximum: MAX_ID }) };
const parent = (s: Scope, params: Record<string, unknown>) => requireProject(s.db, Number(params.id));

export default async function projectActivityRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Project activity',
    plural: 'activities of a project',
    tags: ['Project activities'],
    path: '/projects/:id/activities',
    records: {
      table: 'project_activities',
      key: ['project_id', { column: 'activity_id', table: 'activities', field: 'name' }],
      derivations: [{ table: 'activities', match: { activity_id: 'id' } }],
    },
    parentParams: ProjectParams,
    key: { name: 'activity', schema: Type.String({ minLength: 1, maxLength: 255 }) },
    parent,
    resource: ProjectActivity,
    repository: projectActivities,
    list: { query: ProjectActivityListQuery, spec: projectActivitySpec },
    create: { body: ProjectActivityCreate },
    update: { body: ProjectActivityUpdate },
    summaries: {
      list: 'List the activities that may be booked on a project',
      get: 'Get an allowed activity of a project',
      create: 'Allow an activity on a project',
      update: 'Change the default factor of an allowed activity',
      remove: 'Disallow an activity on a project',
    },
  });

  resourceRoutes(app, {
    name: 'Project location',
    plural: 'locations of a project',
    tags: ['Project locations'],
    path: '/projects/:id/locations',
    records: { table: 'project_locations', key: ['project_id', 'name'] },
    parentParams: ProjectParams,
    key: { name: 'name', schema: Type.String({ minLength: 1, maxLength: 255 }) },
    parent,
    resource: ProjectLocation,
    repository: projectLocations,
    list: { query: listQuery(), spec: projectLocationSpec },
    create: { body: ProjectLocationCreate },
    update: { body: ProjectLocationUpdate },
    summaries: {
      list: 'List the locations of a project (by name)',
      get: 'Get a location of a project',
      create: 'Add a location to a project',
      update: 'Update a location of a project',
      remove: 'Remove a location from a project',
    },
  });
}
