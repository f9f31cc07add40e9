// GET /employees (personal_number[] / personal_number, department_id), GET /employees/{username} (adds
// absences_count), POST,
// PATCH/PUT (docs/api/people.md; no delete route exists anywhere), GET /departments/{id}/employees.
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { listQuery, listResponse } from '../../http/list/index.js';
import { IntKey, Paginated, responses } from '../../http/schemas.js';
import { notFound } from '../../values/errors.js';
import { existsInTenant } from '../../db/lookup.js';
import { resourceRoutes, scopeOf } from '../crud/index.js';
import { employeeListSpec, listEmployees, toEmployeeBase } from './employees.repository.js';
import { employees } from './employees.service.js';
import {
  Employee,
  EmployeeBase,
  EmployeeCreate,
  EmployeeDetail,
  EmployeeListQuery,
  EmployeeUpdate,
} from './employees.schemas.js';
import { categoryDerivations } from '../categories/categories.records.js';
import { attributeDerivations } from '../dynamic-attributes/dynamic-attributes.records.js';

export default async function employeeRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Employee',
    plural: 'employees',
    tags: ['Employees'],
    path: '/employees',
    records: {
      table: 'employees',
      key: ['username'],
      internal: ['password_hash'],
      // absences_count: an absence added, removed or moved to another employee
      derivations: [
        ...categoryDerivations('employee'),
        ...attributeDerivations('employee'),
        { table: 'absences', columns: ['employee_id'], match: { username: 'employee_id' } },
      ],
    },
    key: { name: 'username', schema: Type.String({ minLength: 1, maxLength: 255 }) },
    resource: EmployeeDetail,
    repository: employees,
    listItem: Employee,
    list: { query: EmployeeListQuery, spec: employeeListSpec },
    create: { body: EmployeeCreate },
    update: { body: EmployeeUpdate },
  });

  app.get(
    '/departments/:id/employees',
    {
      schema: {
        summary: 'List the employees of a department (without categories and dynamic attributes)',
        tags: ['Departments'],
        params: IntKey('id'),
        querystring: listQuery(),
        response: responses({ 200: Paginated(EmployeeBase) }),
      },
    },
    async (req) => {
      const s = scopeOf(app, req);
      if (!(await existsInTenant(s.db, 'departments', 'id', req.params.id))) throw notFound('Department');
      return listResponse(req, listEmployees(s.db, { department_id: req.params.id }), employeeListSpec, (rows) =>
        rows.map((r) => toEmployeeBase(r, s.tenant)),
      );
    },
  );
}
