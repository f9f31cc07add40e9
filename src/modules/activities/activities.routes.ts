// GET /activities, GET /activities/{activity} (contract); POST, PATCH/PUT, DELETE (additive in v1).
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { Paginated, Single, StringKey, responses } from '../../http/schemas.js';
import { listResponse } from '../../http/list/index.js';
import { fieldError, notFound } from '../../http/errors.js';
import { existsInTenant } from '../../db/lookup.js';
import { Activity, ActivityCreate, ActivityListQuery, ActivityUpdate } from './activities.schemas.js';
import { activityListSpec, deleteActivity, findActivity, insertActivity, listActivities, toActivity, updateActivity } from './activities.repository.js';

const tags = ['Activities'];
const Params = StringKey('activity');

export default async function activityRoutes(app: ZkApp) {
  const { db } = app.zk;

  app.get(
    '/activities',
    { schema: { summary: 'List activities', tags, querystring: ActivityListQuery, response: responses({ 200: Paginated(Activity) }) } },
    async (req) => listResponse(req, listActivities(db, req.tenant.id), activityListSpec, (rows) => rows.map(toActivity)),
  );

  app.get(
    '/activities/:activity',
    { schema: { summary: 'Get an activity by name', tags, params: Params, response: responses({ 200: Single(Activity) }) } },
    async (req) => {
      const row = await findActivity(db, req.tenant.id, req.params.activity);
      if (!row) throw notFound('Activity');
      return { data: toActivity(row) };
    },
  );

  app.post(
    '/activities',
    { schema: { summary: 'Create an activity', tags, body: ActivityCreate, response: responses({ 201: Single(Activity) }, { write: true }) } },
    async (req, reply) => {
      if (await existsInTenant(db, 'activities', req.tenant.id, 'name', req.body.name)) throw fieldError('name', 'The name has already been taken.');
      return reply.code(201).send({ data: toActivity(await insertActivity(db, req.tenant.id, req.body)) });
    },
  );

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/activities/:activity',
    schema: { summary: 'Update an activity (only submitted fields change)', tags, params: Params, body: ActivityUpdate, response: responses({ 200: Single(Activity) }, { write: true }) },
    handler: async (req) => {
      const current = await findActivity(db, req.tenant.id, req.params.activity);
      if (!current) throw notFound('Activity');
      if (req.body.name !== undefined && (await existsInTenant(db, 'activities', req.tenant.id, 'name', req.body.name, current.id))) {
        throw fieldError('name', 'The name has already been taken.');
      }
      return { data: toActivity(await updateActivity(db, req.tenant.id, current.id, req.body)) };
    },
  });

  app.delete(
    '/activities/:activity',
    { schema: { summary: 'Delete an activity (refused while bookings or projects use it)', tags, params: Params, response: responses({ 204: Type.Null() }, { write: true }) } },
    async (req, reply) => {
      const current = await findActivity(db, req.tenant.id, req.params.activity);
      if (!current) throw notFound('Activity');
      await deleteActivity(db, req.tenant.id, current.id);
      return reply.code(204).send();
    },
  );
}
