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
  type ResourcePlanningT,
} from './resource-plannings.schemas.js';
import {
  deleteResourcePlanning,
  findResourcePlanning,
  listResourcePlannings,
  resourcePlanningListSpec,
  toResourcePlannings,
  type ResourcePlanningRow,
} from './resource-plannings.repository.js';
import { changeResourcePlanning, createResourcePlanning } from './resource-plannings.service.js';
import { resourcePlanningDerivations } from '../plannings/plannings.records.js';

export default async function resourcePlanningRoutes(app: ZkApp) {
  resourceRoutes<undefined, ResourcePlanningRow, ResourcePlanningT>(app, {
    name: 'Resource planning',
    plural: 'resource planning periods with planned hours per month (module resource_planning)',
    tags: ['Plannings'],
    path: '/resource-plannings',
    records: {
      table: 'resource_plannings',
      derivations: resourcePlanningDerivations,
      showMany: (s, _p, rows) => toResourcePlannings(s.db, rows),
    },
    config: { module: 'resource_planning' },
    resource: ResourcePlanning,
    list: {
      query: ResourcePlanningListQuery,
      build: (s, _p, q) => listResourcePlannings(s.db, planFiltersOf(q)),
      spec: resourcePlanningListSpec,
      map: (s, _p, rows) => toResourcePlannings(s.db, rows),
    },
    find: (s, _p, id) => findResourcePlanning(s.db, id),
    show: async (s, _p, row) => (await toResourcePlannings(s.db, [row]))[0],
    create: { body: ResourcePlanningCreate, run: (s, _p, body) => createResourcePlanning(s.db, body) },
    update: { body: ResourcePlanningUpdate, run: (s, _p, row, body) => changeResourcePlanning(s.db, row, body) },
    remove: (s, _p, row) => deleteResourcePlanning(s.db, Number(row.id)),
  });
}
