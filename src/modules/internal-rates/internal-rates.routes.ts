// GET /employees/{username}/internal-rates ({data: [...]}, oldest start first), GET …/{id}, POST, PATCH/PUT,
// DELETE. One rate per start date and employee (422 on start_date).
import type { ZkApp } from '../../types.js';
import { employeeChildRoutes } from '../employees/employee-children.routes.js';
import { InternalRate, InternalRateCreate, InternalRateUpdate } from './internal-rates.schemas.js';
import { internalRateListSpec } from './internal-rates.repository.js';
import { internalRates } from './internal-rates.service.js';

export default async function internalRateRoutes(app: ZkApp) {
  employeeChildRoutes(app, 'internal-rates', 'internal_rates', {
    name: 'Internal rate',
    plural: 'internal rates of an employee',
    tags: ['Internal rates'],
    resource: InternalRate,
    repository: internalRates,
    list: { spec: internalRateListSpec, unpaginated: true },
    create: { body: InternalRateCreate },
    update: { body: InternalRateUpdate },
  });
}
