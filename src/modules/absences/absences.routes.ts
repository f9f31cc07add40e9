// GET /absences (start_date, end_date: entirely inside the window; employee_id), GET /absences/{id}, POST /absences
// (contract), PATCH/PUT and DELETE /absences/{id} (additive: the leave process through the API), and
// GET /employees/{username}/absences (the same records without the embedded reason and application).
import type { ZkApp } from '../../types.js';
import { listQuery } from '../../http/list/index.js';
import { resourceRoutes } from '../crud/index.js';
import { UsernameParam } from '../employees/employees.schemas.js';
import { requireEmployee } from '../employees/employees.service.js';
import { Absence, AbsenceCreate, AbsenceListQuery, AbsenceUpdate, EmployeeAbsence } from './absences.schemas.js';
import { absenceListSpec, employeeAbsences } from './absences.repository.js';
import { absences } from './absences.service.js';

const tags = ['Absences'];

export default async function absenceRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Absence',
    plural: 'absences',
    tags,
    path: '/absences',
    records: {
      table: 'absences',
      derivations: [
        { table: 'absence_reasons', match: { absence_reason_id: 'name' } },
        { table: 'leave_approval_applications', match: { leave_approval_application_id: 'id' } },
      ],
    },
    resource: Absence,
    repository: absences,
    list: { query: AbsenceListQuery, spec: absenceListSpec },
    create: { body: AbsenceCreate },
    update: { body: AbsenceUpdate },
    summaries: {
      list: 'List absences (start_date/end_date keep those entirely inside the window)',
      create: 'Enter an absence (current or legacy body; a reason with approval starts a leave request)',
      update:
        'Change an absence or decide its leave request with `approved` (only submitted fields change; PUT is an alias)',
      remove: 'Delete an absence with its leave application (refused in a closed month)',
    },
  });

  resourceRoutes(app, {
    name: 'Absence',
    plural: 'absences of an employee (without reason and leave application)',
    tags,
    path: '/employees/:username/absences',
    parentParams: UsernameParam,
    parent: requireEmployee,
    resource: EmployeeAbsence,
    repository: employeeAbsences,
    detail: false,
    list: { query: listQuery(), spec: absenceListSpec },
  });
}
