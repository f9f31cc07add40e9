// GET /departments (+ start_date/end_date), GET /departments/{id}, /departments/{id}/children (contract, reference
// §4.8); POST, PATCH/PUT, DELETE (additive in v1). Employees of a department: modules/employees.
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { ZkApp } from '../../types.js';
import { IntKey, Paginated, Single, responses } from '../../http/schemas.js';
import { listQuery, listResponse } from '../../http/list.js';
import { ErrorBag, notFound, validationError } from '../../http/errors.js';
import { existsInTenant } from '../../db/lookup.js';
import { Department, DepartmentCreate, DepartmentListQuery, DepartmentUpdate, type DepartmentUpdateT } from './departments.schemas.js';
import {
  deleteDepartment,
  departmentListSpec,
  findDepartment,
  insertDepartment,
  isSelfOrDescendant,
  listDepartments,
  toDepartment,
  updateDepartment,
} from './departments.repository.js';
import { departmentReferences } from './department-references.js';

const tags = ['Departments'];
const Params = IntKey('id');

async function checkBody(app: ZkApp, req: FastifyRequest, body: DepartmentUpdateT, current?: { id: number; start_date: string | null; end_date: string | null }) {
  const { db } = app.zk;
  const errors = new ErrorBag();
  if (body.parent_id !== undefined && body.parent_id !== null) {
    if (!(await existsInTenant(db, 'departments', req.tenant.id, 'id', body.parent_id))) errors.add('parent_id', 'The selected parent id is invalid.');
    else if (current && (await isSelfOrDescendant(db, req.tenant.id, current.id, body.parent_id))) {
      errors.add('parent_id', 'A department cannot be placed below itself.');
    }
  }
  const start = body.start_date !== undefined ? body.start_date : current?.start_date;
  const end = body.end_date !== undefined ? body.end_date : current?.end_date;
  if (start && end && end < start) errors.add('end_date', 'The end date must be a date after or equal to start date.');
  errors.throwIfAny();
}

export default async function departmentRoutes(app: ZkApp) {
  const { db } = app.zk;
  const map = (rows: Parameters<typeof toDepartment>[0][]) => rows.map(toDepartment);

  app.get(
    '/departments',
    { schema: { summary: 'List departments', tags, querystring: DepartmentListQuery, response: responses({ 200: Paginated(Department) }) } },
    async (req) => listResponse(req, listDepartments(db, req.tenant.id, req.query), departmentListSpec, map),
  );

  app.get(
    '/departments/:id',
    { schema: { summary: 'Get a department', tags, params: Params, response: responses({ 200: Single(Department) }) } },
    async (req) => {
      const row = await findDepartment(db, req.tenant.id, req.params.id);
      if (!row) throw notFound('Department');
      return { data: toDepartment(row) };
    },
  );

  app.get(
    '/departments/:id/children',
    { schema: { summary: 'List the direct child departments', tags, params: Params, querystring: listQuery(), response: responses({ 200: Paginated(Department) }) } },
    async (req) => {
      if (!(await findDepartment(db, req.tenant.id, req.params.id))) throw notFound('Department');
      return listResponse(req, listDepartments(db, req.tenant.id, { parent_id: req.params.id }), departmentListSpec, map);
    },
  );

  app.post(
    '/departments',
    { schema: { summary: 'Create a department', tags, body: DepartmentCreate, response: responses({ 201: Single(Department) }, { write: true }) } },
    async (req, reply) => {
      await checkBody(app, req, req.body);
      return reply.code(201).send({ data: toDepartment(await insertDepartment(db, req.tenant.id, req.body)) });
    },
  );

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/departments/:id',
    schema: { summary: 'Update a department (only submitted fields change)', tags, params: Params, body: DepartmentUpdate, response: responses({ 200: Single(Department) }, { write: true }) },
    handler: async (req) => {
      const current = await findDepartment(db, req.tenant.id, req.params.id);
      if (!current) throw notFound('Department');
      await checkBody(app, req, req.body, { id: Number(current.id), start_date: current.start_date, end_date: current.end_date });
      return { data: toDepartment(await updateDepartment(db, req.tenant.id, Number(current.id), req.body)) };
    },
  });

  app.delete(
    '/departments/:id',
    { schema: { summary: 'Delete a department (refused while it is the standard one or still referenced)', tags, params: Params, response: responses({ 204: Type.Null() }, { write: true }) } },
    async (req, reply) => {
      const current = await findDepartment(db, req.tenant.id, req.params.id);
      if (!current) throw notFound('Department');
      const refs = await departmentReferences(db, req.tenant.id, Number(current.id), current.is_standard);
      if (refs.length > 0) throw validationError({ id: refs.map((r) => `The department is still ${r}.`) });
      await deleteDepartment(db, req.tenant.id, Number(current.id));
      return reply.code(204).send();
    },
  );
}
