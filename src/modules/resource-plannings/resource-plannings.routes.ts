// /resource-plannings, only with the resource_planning module (404 otherwise, contract): list (date_from/date_to:
// periods overlapping the window; employee_ids[], project_ids[], customer_numbers[], modified_after/_before),
// detail, and the additive writes. docs/api/plannings.md ("Resource plannings").
import type { ZkApp } from '../../types.js';
import { resourceRoutes } from '../crud/index.js';
import {
  ResourcePlanning,
  ResourcePlanningCreate,
  ResourcePlanningListQuery,
  ResourcePlanningUpdate,
} from './resource-plannings.schemas.js';
import { resourcePlanningListSpec } from './resource-plannings.repository.js';
import { resourcePlannings } from './resource-plannings.service.js';
import { resourcePlanningDerivations } from '../plannings/plannings.records.js';

export default async function resourcePlanningRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Resource planning',
    plural: 'resource planning periods with planned hours per month (module resource_planning)',
    tags: ['Plannings'],
    path: '/resource-plannings',
    records: {
      table: 'resource_plannings',
      derivations: resourcePlanningDerivations,
    },
    config: { module: 'resource_planning' },
    resource: ResourcePlanning,
    repository: resourcePlannings,
    list: { query: ResourcePlanningListQuery, spec: resourcePlanningListSpec },
    create: { body: ResourcePlanningCreate },
    update: { body: ResourcePlanningUpdate },
  });
}
