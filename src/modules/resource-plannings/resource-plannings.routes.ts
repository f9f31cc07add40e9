// /resource-plannings, only with the resource_planning module (404 otherwise, contract): list (date_from/date_to:
// periods overlapping the window; employee_ids[], project_ids[], customer_numbers[], modified_after/_before),
// detail, and the additive writes. docs/api/plannings.md ("Resource plannings").
import type { ZkApp } from '../../types.js';
import { resourceRoutes } from '../crud/index.js';
import { planFiltersOf } from '../plannings/plannings.repository.js';
import {
  ResourcePlanning,
  ResourcePlanningCreate,
  ResourcePlanningListQuery,
  ResourcePlanningUpdate,
} from './resource-plannings.schemas.js';
import {
  deleteResourcePlanning,
  findResourcePlanning,
  listResourcePlannings,
  resourcePlanningListSpec,
  toResourcePlannings,
} from './resource-plannings.repository.js';
import { changeResourcePlanning, createResourcePlanning } from './resource-plannings.service.js';
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
    repository: {
      list: (s, q) => listResourcePlannings(s.db, planFiltersOf(q)),
      find: (s, id) => findResourcePlanning(s.db, id),
      show: async (s, row) => (await toResourcePlannings(s.db, [row]))[0],
      showMany: (s, rows) => toResourcePlannings(s.db, rows),
      insert: (s, body) => createResourcePlanning(s.db, body),
      update: (s, row, body) => changeResourcePlanning(s.db, row, body),
      remove: (s, row) => deleteResourcePlanning(s.db, Number(row.id)),
    },
    list: { query: ResourcePlanningListQuery, spec: resourcePlanningListSpec },
    create: { body: ResourcePlanningCreate },
    update: { body: ResourcePlanningUpdate },
  });
}
