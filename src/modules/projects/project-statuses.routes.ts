// /project-statuses (additive in v1): the statuses a project's project_status_id names. The short name is
// the key (path and reference); renaming follows into every project (ON UPDATE CASCADE).
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { Paginated, Single, StringKey, responses } from '../../http/schemas.js';
import { listResponse } from '../../http/list/index.js';
import { fieldError, notFound } from '../../http/errors.js';
import { existsInTenant } from '../../db/lookup.js';
import { ProjectStatus, ProjectStatusCreate, ProjectStatusListQuery, ProjectStatusUpdate } from './project-statuses.schemas.js';
import {
  deleteProjectStatus,
  ensureDefaultStatuses,
  findProjectStatus,
  insertProjectStatus,
  listProjectStatuses,
  projectStatusListSpec,
  toProjectStatus,
  updateProjectStatus,
} from './project-statuses.repository.js';

const tags = ['Project statuses'];
const Params = StringKey('name', { maxLength: 32 });
const taken = () => fieldError('name', 'The name has already been taken.');

export default async function projectStatusRoutes(app: ZkApp) {
  const { db } = app.zk;

  async function load(tenantId: number, name: string) {
    await ensureDefaultStatuses(db, tenantId);
    const row = await findProjectStatus(db, tenantId, name);
    if (!row) throw notFound('Project status');
    return row;
  }

  app.get(
    '/project-statuses',
    { schema: { summary: 'List project statuses (by order)', tags, querystring: ProjectStatusListQuery, response: responses({ 200: Paginated(ProjectStatus) }) } },
    async (req) => {
      await ensureDefaultStatuses(db, req.tenant.id);
      return listResponse(req, listProjectStatuses(db, req.tenant.id, req.query), projectStatusListSpec, (rows) => rows.map((r) => toProjectStatus(r)));
    },
  );

  app.get(
    '/project-statuses/:name',
    { schema: { summary: 'Get a project status by short name', tags, params: Params, response: responses({ 200: Single(ProjectStatus) }) } },
    async (req) => ({ data: toProjectStatus(await load(req.tenant.id, req.params.name)) }),
  );

  app.post(
    '/project-statuses',
    { schema: { summary: 'Create a project status', tags, body: ProjectStatusCreate, response: responses({ 201: Single(ProjectStatus) }, { write: true }) } },
    async (req, reply) => {
      await ensureDefaultStatuses(db, req.tenant.id);
      if (await existsInTenant(db, 'project_statuses', req.tenant.id, 'name', req.body.name)) throw taken();
      return reply.code(201).send({ data: toProjectStatus(await insertProjectStatus(db, req.tenant.id, req.body)) });
    },
  );

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/project-statuses/:name',
    schema: { summary: 'Update a project status (only submitted fields change)', tags, params: Params, body: ProjectStatusUpdate, response: responses({ 200: Single(ProjectStatus) }, { write: true }) },
    handler: async (req) => {
      const current = await load(req.tenant.id, req.params.name);
      if (req.body.name !== undefined && (await existsInTenant(db, 'project_statuses', req.tenant.id, 'name', req.body.name, Number(current.id)))) throw taken();
      return { data: toProjectStatus(await updateProjectStatus(db, req.tenant.id, Number(current.id), req.body)) };
    },
  });

  app.delete(
    '/project-statuses/:name',
    { schema: { summary: 'Delete a project status (refused while projects carry it)', tags, params: Params, response: responses({ 204: Type.Null() }, { write: true }) } },
    async (req, reply) => {
      const current = await load(req.tenant.id, req.params.name);
      if (await existsInTenant(db, 'projects', req.tenant.id, 'project_status_id', current.name)) {
        throw fieldError('name', 'The project status is still used by projects.');
      }
      await deleteProjectStatus(db, req.tenant.id, Number(current.id));
      return reply.code(204).send();
    },
  );
}
