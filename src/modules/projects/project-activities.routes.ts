// Which activities may be booked on a project: GET/POST /projects/{id}/activities,
// GET/PATCH/PUT/DELETE /projects/{id}/activities/{activity}; and the project's locations:
// GET/POST /projects/{id}/locations, GET/PATCH/PUT/DELETE /projects/{id}/locations/{name}.
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { MAX_ID, Paginated, responses, Single } from '../../http/schemas.js';
import { listQuery, listResponse } from '../../http/list/index.js';
import { fieldError, notFound } from '../../http/errors.js';
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
} from './project-activities.repository.js';
import { requireProject } from './projects.service.js';

const ProjectParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
const ActivityParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }), activity: Type.String({ minLength: 1, maxLength: 255 }) });
const LocationParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }), name: Type.String({ minLength: 1, maxLength: 255 }) });

export default async function projectActivityRoutes(app: ZkApp) {
  const { db } = app.zk;
  const tags = ['Project activities'];

  async function loadActivity(tenantId: number, projectId: number, name: string) {
    await requireProject(db, tenantId, projectId);
    const row = await findProjectActivity(db, tenantId, projectId, name);
    if (!row) throw notFound('Project activity');
    return row;
  }

  app.get(
    '/projects/:id/activities',
    { schema: { summary: 'List the activities that may be booked on a project', tags, params: ProjectParams, querystring: ProjectActivityListQuery, response: responses({ 200: Paginated(ProjectActivity) }) } },
    async (req) => {
      await requireProject(db, req.tenant.id, req.params.id);
      return listResponse(req, listProjectActivities(db, req.tenant.id, req.params.id), projectActivitySpec, (rows) => rows.map(toProjectActivity));
    },
  );

  app.get(
    '/projects/:id/activities/:activity',
    { schema: { summary: 'Get an allowed activity of a project', tags, params: ActivityParams, response: responses({ 200: Single(ProjectActivity) }) } },
    async (req) => ({ data: toProjectActivity(await loadActivity(req.tenant.id, req.params.id, req.params.activity)) }),
  );

  app.post(
    '/projects/:id/activities',
    { schema: { summary: 'Allow an activity on a project', tags, params: ProjectParams, body: ProjectActivityCreate, response: responses({ 201: Single(ProjectActivity) }, { write: true }) } },
    async (req, reply) => {
      await requireProject(db, req.tenant.id, req.params.id);
      const activity = await findActivity(db, req.tenant.id, req.body.name);
      if (!activity) throw fieldError('name', 'The selected activity does not exist.');
      if (await findProjectActivity(db, req.tenant.id, req.params.id, req.body.name)) throw fieldError('name', 'The activity is already allowed on the project.');
      await insertProjectActivity(db, req.tenant.id, req.params.id, Number(activity.id), req.body.default_factor ?? 1);
      return reply.code(201).send({ data: toProjectActivity((await findProjectActivity(db, req.tenant.id, req.params.id, req.body.name))!) });
    },
  );

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/projects/:id/activities/:activity',
    schema: { summary: 'Change the default factor of an allowed activity', tags, params: ActivityParams, body: ProjectActivityUpdate, response: responses({ 200: Single(ProjectActivity) }, { write: true }) },
    handler: async (req) => {
      const current = await loadActivity(req.tenant.id, req.params.id, req.params.activity);
      if (req.body.default_factor !== undefined) await updateProjectActivity(db, req.tenant.id, Number(current.id), req.body.default_factor);
      return { data: toProjectActivity(await loadActivity(req.tenant.id, req.params.id, req.params.activity)) };
    },
  });

  app.delete(
    '/projects/:id/activities/:activity',
    { schema: { summary: 'Disallow an activity on a project', tags, params: ActivityParams, response: responses({ 204: Type.Null() }, { write: true }) } },
    async (req, reply) => {
      const current = await loadActivity(req.tenant.id, req.params.id, req.params.activity);
      await deleteProjectActivity(db, req.tenant.id, Number(current.id));
      return reply.code(204).send();
    },
  );

  const locationTags = ['Project locations'];
  async function loadLocation(tenantId: number, projectId: number, name: string) {
    await requireProject(db, tenantId, projectId);
    const row = await findProjectLocation(db, tenantId, projectId, name);
    if (!row) throw notFound('Project location');
    return row;
  }
  const nameTaken = () => fieldError('name', 'The project already has a location with this name.');

  app.get(
    '/projects/:id/locations',
    { schema: { summary: 'List the locations of a project (by name)', tags: locationTags, params: ProjectParams, querystring: listQuery(), response: responses({ 200: Paginated(ProjectLocation) }) } },
    async (req) => {
      await requireProject(db, req.tenant.id, req.params.id);
      return listResponse(req, listProjectLocations(db, req.tenant.id, req.params.id), projectLocationSpec, (rows) => rows.map(toProjectLocation));
    },
  );

  app.get(
    '/projects/:id/locations/:name',
    { schema: { summary: 'Get a location of a project', tags: locationTags, params: LocationParams, response: responses({ 200: Single(ProjectLocation) }) } },
    async (req) => ({ data: toProjectLocation(await loadLocation(req.tenant.id, req.params.id, req.params.name)) }),
  );

  app.post(
    '/projects/:id/locations',
    { schema: { summary: 'Add a location to a project', tags: locationTags, params: ProjectParams, body: ProjectLocationCreate, response: responses({ 201: Single(ProjectLocation) }, { write: true }) } },
    async (req, reply) => {
      await requireProject(db, req.tenant.id, req.params.id);
      if (await findProjectLocation(db, req.tenant.id, req.params.id, req.body.name)) throw nameTaken();
      return reply.code(201).send({ data: toProjectLocation(await insertProjectLocation(db, req.tenant.id, req.params.id, req.body)) });
    },
  );

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/projects/:id/locations/:name',
    schema: { summary: 'Update a location of a project', tags: locationTags, params: LocationParams, body: ProjectLocationUpdate, response: responses({ 200: Single(ProjectLocation) }, { write: true }) },
    handler: async (req) => {
      const current = await loadLocation(req.tenant.id, req.params.id, req.params.name);
      if (req.body.name !== undefined && req.body.name !== current.name && (await findProjectLocation(db, req.tenant.id, req.params.id, req.body.name))) throw nameTaken();
      return { data: toProjectLocation(await updateProjectLocation(db, req.tenant.id, Number(current.id), req.body)) };
    },
  });

  app.delete(
    '/projects/:id/locations/:name',
    { schema: { summary: 'Remove a location from a project', tags: locationTags, params: LocationParams, response: responses({ 204: Type.Null() }, { write: true }) } },
    async (req, reply) => {
      const current = await loadLocation(req.tenant.id, req.params.id, req.params.name);
      await deleteProjectLocation(db, req.tenant.id, Number(current.id));
      return reply.code(204).send();
    },
  );
}
