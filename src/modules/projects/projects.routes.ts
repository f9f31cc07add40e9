// GET/POST /projects, GET/PATCH/PUT/DELETE /projects/{id} (contract "Projects", docs/api/projects.md).
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { ZkApp } from '../../types.js';
import { IntKey, Paginated, Single, responses } from '../../http/schemas.js';
import { arrayParam, listResponse } from '../../http/list/index.js';
import { fieldError, notFound } from '../../values/errors.js';
import { requestedChanges } from '../../http/round-trip.js';
import { Project, ProjectCreate, ProjectDetailQuery, ProjectListQuery, ProjectUpdate } from './projects.schemas.js';
import {
  findProject,
  listProjects,
  projectListSpec,
  type ProjectFilters,
  type ProjectRow,
} from './projects.repository.js';
import { rowsById } from '../../plugins/write-path/records.js';
import { toProjects, wantsPriceTables } from './projects.present.js';
import { changeProject, createProject, removeProject, requireProject } from './projects.service.js';
import { projectDerivations } from './projects.records.js';

const tags = ['Projects'];
const Params = IntKey('id');

function filters(query: Record<string, unknown>): ProjectFilters {
  const ids = arrayParam(query, 'id');
  if (ids && ids.some((v) => !/^\d{1,15}$/.test(v))) throw fieldError('id', 'The id field must contain integers.');
  const q = query as ProjectFilters & { search?: string | null };
  return {
    start_date: q.start_date,
    end_date: q.end_date,
    ids: ids?.map(Number),
    statuses: arrayParam(query, 'status'),
    name: q.name,
    search: q.search,
    customer_id: q.customer_id,
  };
}

export default async function projectRoutes(app: ZkApp) {
  app.zk.records.add({
    type: 'projects',
    table: 'projects',
    load: async (s, keys) => {
      const rows = await rowsById<ProjectRow>(s, 'projects', keys);
      return new Map((await toProjects(s.db, s.tenant, rows)).map((p) => [String(p.id), p]));
    },
    derivations: projectDerivations,
  });

  async function present(req: FastifyRequest, id: number) {
    const row = await findProject(req.db, id);
    if (!row) throw notFound('Project');
    const [project] = await toProjects(req.db, req.tenant, [row], {
      priceTables: wantsPriceTables(req.query as object),
    });
    return { data: project };
  }

  app.get(
    '/projects',
    {
      schema: {
        summary: 'List projects',
        tags,
        querystring: ProjectListQuery,
        response: responses({ 200: Paginated(Project) }),
      },
    },
    async (req) =>
      listResponse(req, listProjects(req.db, filters(req.query)), projectListSpec, (rows) =>
        toProjects(req.db, req.tenant, rows, { priceTables: wantsPriceTables(req.query) }),
      ),
  );

  app.get(
    '/projects/:id',
    {
      schema: {
        summary: 'Get a project (?append=priceTables adds its effective price tables)',
        tags,
        params: Params,
        querystring: ProjectDetailQuery,
        response: responses({ 200: Single(Project) }),
      },
    },
    async (req) => present(req, req.params.id),
  );

  app.post(
    '/projects',
    {
      schema: {
        summary: 'Create a project',
        tags,
        body: ProjectCreate,
        querystring: ProjectDetailQuery,
        response: responses({ 201: Single(Project) }, { write: true }),
      },
    },
    async (req, reply) => reply.code(201).send(await present(req, await createProject(req.db, req.tenant, req.body))),
  );

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/projects/:id',
    schema: {
      summary: 'Update a project (only submitted fields change)',
      tags,
      params: Params,
      body: ProjectUpdate,
      querystring: ProjectDetailQuery,
      response: responses({ 200: Single(Project) }, { write: true }),
    },
    handler: async (req) => {
      const current = await findProject(req.db, req.params.id);
      if (!current) throw notFound('Project');
      // Fields sent as the project reads them change nothing (http/round-trip.ts).
      const read = await present(req, Number(current.id));
      const changes = requestedChanges<typeof req.body>(req, read.data, ProjectUpdate);
      if (!changes) return read;
      await changeProject(req.db, req.tenant, current, changes);
      return present(req, Number(current.id));
    },
  });

  app.delete(
    '/projects/:id',
    {
      schema: {
        summary:
          'Delete a project with its tasks, assignments, activities, locations and own price tables (refused while bookings or tickets refer to it)',
        tags,
        params: Params,
        response: responses({ 204: Type.Null() }, { write: true }),
      },
    },
    async (req, reply) => {
      await removeProject(req.db, await requireProject(req.db, req.params.id));
      return reply.code(204).send();
    },
  );
}
