// GET /departments (+ start_date/end_date), GET /departments/{id}, /departments/{id}/children (contract, reference
// §4.8); POST, PATCH/PUT, DELETE (additive in v1). Employees of a department: modules/employees.
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import { IntKey, Paginated, Single, responses } from '../../http/schemas.js';
import { listQuery, listResponse } from '../../http/list/index.js';
import { requestedChanges } from '../../http/round-trip.js';
import { notFound } from '../../values/errors.js';
import {
  Department,
  DepartmentCreate,
  DepartmentDetail,
  DepartmentListItem,
  DepartmentListQuery,
  DepartmentUpdate,
} from './departments.schemas.js';
import {
  departmentListSpec,
  findDepartment,
  listDepartments,
  toDepartment,
  type DepartmentRow,
} from './departments.repository.js';
import { countManagers, loadManagers } from './department-managers.repository.js';
import { removeDepartment, writeDepartment } from './departments.service.js';

const tags = ['Departments'];
const Params = IntKey('id');

async function withManagerCounts(db: TenantDb, rows: DepartmentRow[]) {
  const counts = await countManagers(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => ({ ...toDepartment(r), manager_count: counts.get(Number(r.id)) ?? 0 }));
}

const detail = async (db: TenantDb, row: DepartmentRow) => ({
  data: { ...toDepartment(row), manager: await loadManagers(db, Number(row.id)) },
});

async function requireDepartment(db: TenantDb, id: number): Promise<DepartmentRow> {
  const row = await findDepartment(db, id);
  if (!row) throw notFound('Department');
  return row;
}

export default async function departmentRoutes(app: ZkApp) {
  app.zk.records.add({
    type: 'departments',
    table: 'departments',
    load: async (s, keys) => {
      const out = new Map<string, unknown>();
      for (const [id] of keys) {
        const row = await findDepartment(s.db, Number(id));
        if (row) out.set(id, (await detail(s.db, row)).data);
      }
      return out;
    },
    derivations: [{ table: 'department_managers', match: { id: 'department_id' } }],
  });
  app.get(
    '/departments',
    {
      schema: {
        summary: 'List departments',
        tags,
        querystring: DepartmentListQuery,
        response: responses({ 200: Paginated(DepartmentListItem) }),
      },
    },
    async (req) =>
      listResponse(req, listDepartments(req.db, req.query), departmentListSpec, (rows) =>
        withManagerCounts(req.db, rows),
      ),
  );

  app.get(
    '/departments/:id',
    {
      schema: {
        summary: 'Get a department with its managers',
        tags,
        params: Params,
        response: responses({ 200: Single(DepartmentDetail) }),
      },
    },
    async (req) => detail(req.db, await requireDepartment(req.db, req.params.id)),
  );

  app.get(
    '/departments/:id/children',
    {
      schema: {
        summary: 'List the direct child departments',
        tags,
        params: Params,
        querystring: listQuery(),
        response: responses({ 200: Paginated(Department) }),
      },
    },
    async (req) => {
      await requireDepartment(req.db, req.params.id);
      return listResponse(req, listDepartments(req.db, { parent_id: req.params.id }), departmentListSpec, (rows) =>
        rows.map(toDepartment),
      );
    },
  );

  app.post(
    '/departments',
    {
      schema: {
        summary: 'Create a department',
        tags,
        body: DepartmentCreate,
        response: responses({ 201: Single(DepartmentDetail) }, { write: true }),
      },
    },
    async (req, reply) => reply.code(201).send(await detail(req.db, await writeDepartment(req.db, req.body))),
  );

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/departments/:id',
    schema: {
      summary: 'Update a department (only submitted fields change)',
      tags,
      params: Params,
      body: DepartmentUpdate,
      response: responses({ 200: Single(DepartmentDetail) }, { write: true }),
    },
    handler: async (req) => {
      const current = await requireDepartment(req.db, req.params.id);
      // Fields sent as the department reads them change nothing (http/round-trip.ts).
      const read = await detail(req.db, current);
      const changes = requestedChanges<typeof req.body>(req, read.data, DepartmentUpdate);
      if (!changes) return read;
      return detail(req.db, await writeDepartment(req.db, changes, current));
    },
  });

  app.delete(
    '/departments/:id',
    {
      schema: {
        summary: 'Delete a department (refused while it is the standard one or still referenced)',
        tags,
        params: Params,
        response: responses({ 204: Type.Null() }, { write: true }),
      },
    },
    async (req, reply) => {
      await removeDepartment(req.db, await requireDepartment(req.db, req.params.id));
      return reply.code(204).send();
    },
  );
}
