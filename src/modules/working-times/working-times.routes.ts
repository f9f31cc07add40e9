// GET/POST /employees/{username}/regular-working-times, GET/PATCH/PUT/DELETE …/{id} (docs/api/people.md; writes
// are additive). One record per start date (null counts as a date): a duplicate is 422 on start_date.
import type { ZkApp } from '../../types.js';
import { employeeChildRoutes } from '../employees/employee-children.routes.js';
import { WorkingTime, WorkingTimeWrite } from './working-times.schemas.js';
import { workingTimeListSpec } from './working-times.repository.js';
import { workingTimes } from './working-times.service.js';

export default async function workingTimeRoutes(app: ZkApp) {
  employeeChildRoutes(app, 'regular-working-times', 'regular_working_times', {
    name: 'Regular working time',
    plural: 'regular working times of an employee',
    tags: ['Regular working times'],
    resource: WorkingTime,
    repository: workingTimes,
    // the embedded holiday calendar and break regulation type
    records: {
      table: 'regular_working_times',
      derivations: [
        { table: 'holiday_calendars', match: { holiday_calendar_id: 'id' } },
        { table: 'break_regulation_types', match: { break_regulation_type_id: 'id' } },
      ],
    },
    list: { spec: workingTimeListSpec },
    create: { body: WorkingTimeWrite },
    update: { body: WorkingTimeWrite },
  });
}
