// Which activities may be booked on a project: GET/POST /projects/{id}/activities,
// GET/PATCH/PUT/DELETE /projects/{id}/activities/{activity}; and the project's locations:
// GET/POST /projects/{id}/locations, GET/PATCH/PUT/DELETE /projects/{id}/locations/{name}.
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { fieldError } from '../../values/errors.js';
import { MAX_ID } from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';
import { assertUnique, resourceRoutes } from '../crud/index.js';
import { type Scope } from '../../tenancy/scope.js';
import { findActivity } from '../activities/activities.repository.js';
import {
  ProjectActivity,
  ProjectActivityCreate,
  ProjectActivityListQuery,
  ProjectActivityUpdate,
  ProjectLocation,
  ProjectLocationCreate,
  ProjectLocationUpdate,
} from './project-activities.schemas.js';
import {
  deleteProjectActivity,
  deleteProjectLocation,
  findProjectActivity,
  findProjectLocation,
  insertProjectActivity,
  insertProjectLocation,
  listProjectActivities,
  listProjectLocations,
  projectActivitySpec,
  projectLocationSpec,
  toProjectActivity,
  toProjectLocation,
  updateProjectActivity,
  updateProjectLocation,
  type ProjectLocationRow,
} from './project-activities.repository.js';
import type { ProjectRow } from './projects.repository.js';
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
    repository: {
      list: (s, _q, project) => listProjectActivities(s.db, Number(project.id)),
      find: (s, name, project) => findProjectActivity(s.db, Number(project.id), name),
      show: (_s, row) => toProjectActivity(row),
      insert: async (s, body, project) => {
        const activity = await findActivity(s.db, body.name);
        if (!activity) throw fieldError('name', 'The selected activity does not exist.');
        await assertUnique(s.db, 'project_activities', 'name', Number(activity.id), {
          column: 'activity_id',
          where: { project_id: project.id },
          message: 'The activity is already allowed on the project.',
        });
        await insertProjectActivity(s.db, Number(project.id), Number(activity.id), body.default_factor ?? 1);
        return (await findProjectActivity(s.db, Number(project.id), body.name))!;
      },
      update: async (s, row, body, project) => {
        if (body.default_factor !== undefined) await updateProjectActivity(s.db, Number(row.id), body.default_factor);
        return (await findProjectActivity(s.db, Number(project.id), row.name))!;
      },
      remove: (s, row) => deleteProjectActivity(s.db, Number(row.id)).then(() => undefined),
    },
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

  const locationNameFree = (s: Scope, project: ProjectRow, name: string | undefined, current?: ProjectLocationRow) =>
    assertUnique(s.db, 'project_locations', 'name', name, {
      where: { project_id: project.id },
      exceptId: current ? Number(current.id) : undefined,
      message: 'The project already has a location with this name.',
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
    repository: {
      list: (s, _q, project) => listProjectLocations(s.db, Number(project.id)),
      find: (s, name, project) => findProjectLocation(s.db, Number(project.id), name),
      show: (_s, row) => toProjectLocation(row),
      insert: async (s, body, project) => {
        await locationNameFree(s, project, body.name);
        return insertProjectLocation(s.db, Number(project.id), body);
      },
      update: async (s, row, body, project) => {
        await locationNameFree(s, project, body.name, row);
        return updateProjectLocation(s.db, Number(row.id), body);
      },
      remove: (s, row) => deleteProjectLocation(s.db, Number(row.id)).then(() => undefined),
    },
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
