// GET/POST /projects/{id}/employees, GET/PATCH/PUT/DELETE /projects/{id}/employees/{assignment_id} and
// GET /employees/{username}/projects (docs/api/projects.md).
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { MAX_ID, Paginated, responses, StringKey } from '../../http/schemas.js';
import { arrayParam, listQuery, listResponse } from '../../http/list/index.js';
import { fieldError, notFound } from '../../values/errors.js';
import { existsInTenant } from '../../db/lookup.js';
import { resourceRoutes } from '../crud/index.js';
import {
  Assignment,
  AssignmentCreate,
  AssignmentUpdate,
  EmployeeProjectsQuery,
} from './project-assignments.schemas.js';
import {
  employeeProjectsSpec,
  listEmployeeProjects,
  projectEmployeesSpec,
  toAssignments,
} from './project-assignments.repository.js';
import { projectAssignments } from './project-assignments.service.js';
import { requireProject } from './projects.service.js';

const tags = ['Project employees'];

export default async function projectAssignmentRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Assignment',
    plural: 'employees assigned to a project',
    tags,
    path: '/projects/:id/employees',
    records: { table: 'project_assignments', key: ['project_id', 'id'] },
    parentParams: { id: Type.Integer({ minimum: 1, maximum: MAX_ID }) },
    key: { name: 'assignment_id', schema: Type.Integer({ minimum: 1, maximum: MAX_ID }) },
    parent: (s, params) => requireProject(s.db, Number(params.id)),
    resource: Assignment,
    repository: projectAssignments,
    list: { query: listQuery(), spec: projectEmployeesSpec },
    create: { body: AssignmentCreate },
    update: { body: AssignmentUpdate },
    summaries: {
      list: 'List the employees assigned to a project (in assignment order)',
      get: 'Get one assignment of a project',
      create: 'Assign an employee to a project (from/to bound the assignment)',
      update: 'Update an assignment (only submitted fields change)',
      remove: 'Remove an assignment',
    },
  });

  app.get(
    '/employees/:username/projects',
    {
      schema: {
        summary: "List an employee's project assignments",
        tags,
        params: StringKey('username'),
        querystring: EmployeeProjectsQuery,
        response: responses({ 200: Paginated(Assignment) }),
      },
    },
    async (req) => {
      const q = req.query;
      if (!(await existsInTenant(req.db, 'employees', 'username', req.params.username))) throw notFound('Employee');
      if (q.project_start_date && q.project_end_date && q.project_end_date < q.project_start_date) {
        throw fieldError(
          'project_end_date',
          'The project end date must be a date after or equal to project start date.',
        );
      }
      const filters = {
        statuses: arrayParam(q, 'project_status'),
        project_start_date: q.project_start_date,
        project_end_date: q.project_end_date,
      };
      return listResponse(
        req,
        listEmployeeProjects(req.db, req.params.username, filters),
        employeeProjectsSpec,
        (rows) => toAssignments(req.db, rows),
      );
    },
  );
}
