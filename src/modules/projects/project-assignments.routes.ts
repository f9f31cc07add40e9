// GET/POST /projects/{id}/employees, GET/PATCH/PUT/DELETE /projects/{id}/employees/{assignment_id} and
// GET /employees/{username}/projects (reference §4.17).
import { Type } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { ZkApp } from '../../types.js';
import type { DB } from '../../db/schema.js';
import { MAX_ID, Paginated, responses, Single, StringKey } from '../../http/schemas.js';
import { arrayParam, listQuery, listResponse } from '../../http/list/index.js';
import { ErrorBag, fieldError, notFound } from '../../http/errors.js';
import { existsInTenant } from '../../db/lookup.js';
import { Assignment, AssignmentCreate, AssignmentUpdate, EmployeeProjectsQuery, type AssignmentUpdateT } from './project-assignments.schemas.js';
import {
  deleteAssignment,
  employeePriceGroup,
  employeeProjectsSpec,
  findAssignment,
  insertAssignment,
  listEmployeeProjects,
  listProjectEmployees,
  overlappingAssignment,
  projectEmployeesSpec,
  toAssignments,
  updateAssignment,
  type AssignmentColumns,
  type AssignmentRow,
} from './project-assignments.repository.js';
import { requireProject } from './projects.service.js';

const tags = ['Project employees'];
const ProjectParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
const AssignmentParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }), assignment_id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });

async function assignmentColumns(db: Kysely<DB>, tenantId: number, projectId: number, body: AssignmentUpdateT, current?: AssignmentRow): Promise<AssignmentColumns> {
  const errors = new ErrorBag();
  const { from, to, ...rest } = body;
  const values: AssignmentColumns = { ...rest };
  if (from !== undefined) values.from_date = from;
  if (to !== undefined) values.to_date = to;
  const username = body.employee_id ?? current!.employee_id;
  if (body.employee_id !== undefined && !(await existsInTenant(db, 'employees', tenantId, 'username', body.employee_id))) {
    errors.add('employee_id', 'The selected employee id is invalid.');
  } else if (!current && body.price_group === undefined) {
    values.price_group = await employeePriceGroup(db, tenantId, username);
  }
  if (body.price_group !== undefined && body.price_group !== null && !(await existsInTenant(db, 'price_groups', tenantId, 'name', body.price_group))) {
    errors.add('price_group', 'The selected price group is invalid.');
  }
  const start = from !== undefined ? from : (current?.from_date ?? null);
  const end = to !== undefined ? to : (current?.to_date ?? null);
  if (start && end && end < start) errors.add('to', 'The to date must be a date after or equal to from.');
  else if (errors.empty && (await overlappingAssignment(db, tenantId, projectId, username, start, end, current ? Number(current.id) : undefined))) {
    errors.add('from', 'The employee is already assigned to the project in this period.');
  }
  errors.throwIfAny();
  return values;
}

export default async function projectAssignmentRoutes(app: ZkApp) {
  const { db } = app.zk;

  async function load(tenantId: number, projectId: number, id: number) {
    await requireProject(db, tenantId, projectId);
    const row = await findAssignment(db, tenantId, projectId, id);
    if (!row) throw notFound('Assignment');
    return row;
  }
  const present = async (tenantId: number, projectId: number, id: number) => ({ data: (await toAssignments(db, tenantId, [await load(tenantId, projectId, id)]))[0] });

  app.get(
    '/projects/:id/employees',
    { schema: { summary: 'List the employees assigned to a project (in assignment order)', tags, params: ProjectParams, querystring: listQuery(), response: responses({ 200: Paginated(Assignment) }) } },
    async (req) => {
      await requireProject(db, req.tenant.id, req.params.id);
      return listResponse(req, listProjectEmployees(db, req.tenant.id, req.params.id), projectEmployeesSpec, (rows) => toAssignments(db, req.tenant.id, rows));
    },
  );

  app.get(
    '/projects/:id/employees/:assignment_id',
    { schema: { summary: 'Get one assignment of a project', tags, params: AssignmentParams, response: responses({ 200: Single(Assignment) }) } },
    async (req) => present(req.tenant.id, req.params.id, req.params.assignment_id),
  );

  app.post(
    '/projects/:id/employees',
    { schema: { summary: 'Assign an employee to a project (from/to bound the assignment)', tags, params: ProjectParams, body: AssignmentCreate, response: responses({ 201: Single(Assignment) }, { write: true }) } },
    async (req, reply) => {
      await requireProject(db, req.tenant.id, req.params.id);
      const values = await assignmentColumns(db, req.tenant.id, req.params.id, req.body);
      const id = await insertAssignment(db, req.tenant.id, req.params.id, { ...values, employee_id: req.body.employee_id });
      return reply.code(201).send(await present(req.tenant.id, req.params.id, id));
    },
  );

  app.route({
    method: ['PATCH', 'PUT'],
    url: '/projects/:id/employees/:assignment_id',
    schema: { summary: 'Update an assignment (only submitted fields change)', tags, params: AssignmentParams, body: AssignmentUpdate, response: responses({ 200: Single(Assignment) }, { write: true }) },
    handler: async (req) => {
      const current = await load(req.tenant.id, req.params.id, req.params.assignment_id);
      await updateAssignment(db, req.tenant.id, Number(current.id), await assignmentColumns(db, req.tenant.id, req.params.id, req.body, current));
      return present(req.tenant.id, req.params.id, Number(current.id));
    },
  });

  app.delete(
    '/projects/:id/employees/:assignment_id',
    { schema: { summary: 'Remove an assignment', tags, params: AssignmentParams, response: responses({ 204: Type.Null() }, { write: true }) } },
    async (req, reply) => {
      const current = await load(req.tenant.id, req.params.id, req.params.assignment_id);
      await deleteAssignment(db, req.tenant.id, Number(current.id));
      return reply.code(204).send();
    },
  );

  app.get(
    '/employees/:username/projects',
    { schema: { summary: "List an employee's project assignments", tags, params: StringKey('username'), querystring: EmployeeProjectsQuery, response: responses({ 200: Paginated(Assignment) }) } },
    async (req) => {
      const q = req.query;
      if (!(await existsInTenant(db, 'employees', req.tenant.id, 'username', req.params.username))) throw notFound('Employee');
      if (q.project_start_date && q.project_end_date && q.project_end_date < q.project_start_date) {
        throw fieldError('project_end_date', 'The project end date must be a date after or equal to project start date.');
      }
      const filters = { statuses: arrayParam(q, 'project_status'), project_start_date: q.project_start_date, project_end_date: q.project_end_date };
      return listResponse(req, listEmployeeProjects(db, req.tenant.id, req.params.username, filters), employeeProjectsSpec, (rows) => toAssignments(db, req.tenant.id, rows));
    },
  );
}
