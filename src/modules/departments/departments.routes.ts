// GET /departments (+ start_date/end_date), GET /departments/{id}, /departments/{id}/children (contract, reference
// §4.8); POST, PATCH/PUT, DELETE (additive in v1). Employees of a department: modules/employees.
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { ZkApp } from '../../types.js';
import { IntKey, Paginated, Single, responses } from '../../http/schemas.js';
import { listQuery, listResponse } from '../../http/list/index.js';
import { ErrorBag, notFound, validationError } from '../../http/errors.js';
import { existsInTenant } from '../../db/lookup.js';
import { Department, DepartmentCreate, DepartmentDetail, DepartmentListItem, DepartmentListQuery, DepartmentUpdate, type DepartmentUpdateT } from './departments.schemas.js';
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
import { countManagers, loadManagers, resolveManagers, setManagers } from './department-managers.js';

const WRITABLE = ['name', 'parent_id', 'description', 'comments', 'status', 'start_date', 'end_date'] as const;

/** The department's own columns of a body (read-only keys of a GET-merge-PUT body are ignored). */
function ownColumns(body: DepartmentUpdateT): Omit<DepartmentUpdateT, 'manager'> {
  return Object.fromEntries(WRITABLE.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
}

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
  const mapWithCounts = async (tenantId: number, rows: Parameters<typeof toDepartment>[0][]) => {
    const counts = await countManagers(db, tenantId, rows.map((r) => Number(r.id)));
    return rows.map((r) => ({ ...toDepartment(r), manager_count: counts.get(Number(r.id)) ?? 0 }));
  };
  const detail = async (tenantId: number, row: Parameters<typeof toDepartment>[0]) => ({ data: { ...toDepartment(row), manager: await loadManagers(db, tenantId, Number(row.id)) } });
  /** Write the department and, when `manager` is submitted, its managers in one transaction. */
  const write = async (tenantId: number, body: DepartmentUpdateT, id?: number) => {
    const managers = body.manager != null ? await resolveManagers(db, tenantId, body.manager) : body.manager === null ? [] : undefined;
    return db.transaction().execute(async (trx) => {
      const row = id === undefined ? await insertDepartment(trx, tenantId, ownColumns(body) as DepartmentUpdateT & { name: string }) : await updateDepartment(trx, tenantId, id, ownColumns(body));
      if (managers) await setManagers(trx, tenantId, Number(row.id), managers);
      return row;
    });
  };

  app.get(
    '/departments',
    { schema: { summary: 'List departments', tags, querystring: DepartmentListQuery, response: responses({ 200: Paginated(DepartmentListItem) }) } },
    async (req) => listResponse(req, listDepartments(db, req.tenant.id, req.query), departmentListSpec, (rows) => mapWithCounts(req.tenant.id, rows)),
  );

  app.get(
    '/departments/:id',
    { schema: { summary: 'Get a department with its managers', tags, params: Params, response: responses({ 200: Single(DepartmentDetail) }) } },
    async (req) => {
      const row = await findDepartment(db, req.tenant.id, req.params.id);
      if (!row) throw notFound('Department');
      return detail(req.tenant.id, row);
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
    { schema: { summary: 'Create a department', tags, body: DepartmentCreate, response: responses({ 201: Single(DepartmentDetail) }, { write: true }) } },
    async (req, reply) => {
      await checkBody(app, req, req.body);
      return reply.code(201).send(await detail(req.tenant.id, await write(req.tenant.id, req.body)));
    },
  );

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/departments/:id',
    schema: { summary: 'Update a department (only submitted fields change)', tags, params: Params, body: DepartmentUpdate, response: responses({ 200: Single(DepartmentDetail) }, { write: true }) },
    handler: async (req) => {
      const current = await findDepartment(db, req.tenant.id, req.params.id);
      if (!current) throw notFound('Department');
      await checkBody(app, req, req.body, { id: Number(current.id), start_date: current.start_date, end_date: current.end_date });
      return detail(req.tenant.id, await write(req.tenant.id, req.body, Number(current.id)));
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
