// GET/POST /employees/{username}/employment-periods, GET/PATCH/PUT/DELETE …/{id} (docs/api/people.md).
// Rules: end_date >= start_date; no two periods of one employee overlap (closed intervals, open ends).
import type { ZkApp } from '../../types.js';
import { employeeChildRoutes } from '../employees/employee-children.routes.js';
import { EmploymentPeriod, EmploymentPeriodWrite } from './employment-periods.schemas.js';
import { employmentPeriodListSpec } from './employment-periods.repository.js';
import { employmentPeriods } from './employment-periods.service.js';

export default async function employmentPeriodRoutes(app: ZkApp) {
  employeeChildRoutes(app, 'employment-periods', 'employment_periods', {
    name: 'Employment period',
    plural: 'employment periods of an employee',
    tags: ['Employment periods'],
    resource: EmploymentPeriod,
    repository: employmentPeriods,
    list: { spec: employmentPeriodListSpec },
    create: { body: EmploymentPeriodWrite },
    update: { body: EmploymentPeriodWrite },
  });
}
