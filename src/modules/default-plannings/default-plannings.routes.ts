// /default-plannings (additive): list (employee_ids[], project_ids[], customer_numbers[], periods overlapping
// date_from/date_to), detail, create, PATCH/PUT, DELETE. docs/api/plannings.md ("Default plannings").
import type { ZkApp } from '../../types.js';
import { resourceRoutes } from '../crud/index.js';
import {
  DefaultPlanning,
  DefaultPlanningCreate,
  DefaultPlanningListQuery,
  DefaultPlanningUpdate,
} from './default-plannings.schemas.js';
import { defaultPlanningListSpec } from './default-plannings.repository.js';
import { defaultPlannings } from './default-plannings.service.js';

export default async function defaultPlanningRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Default planning',
    plural: 'default plannings (standing plans of an employee for a project over a period)',
    tags: ['Plannings'],
    path: '/default-plannings',
    records: { table: 'default_plannings' },
    resource: DefaultPlanning,
    repository: defaultPlannings,
    list: { query: DefaultPlanningListQuery, spec: defaultPlanningListSpec },
    create: { body: DefaultPlanningCreate },
    update: { body: DefaultPlanningUpdate },
  });
}
