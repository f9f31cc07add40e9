// /default-plannings (additive): list (employee_ids[], project_ids[], customer_numbers[], periods overlapping
// date_from/date_to), detail, create, PATCH/PUT, DELETE. docs/api/plannings.md ("Default plannings").
import type { ZkApp } from '../../types.js';
import { resourceRoutes } from '../crud/index.js';
import { planFiltersOf } from '../plannings/plannings.repository.js';
import {
  DefaultPlanning,
  DefaultPlanningCreate,
  DefaultPlanningListQuery,
  DefaultPlanningUpdate,
} from './default-plannings.schemas.js';
import {
  defaultPlanningListSpec,
  deleteDefaultPlanning,
  findDefaultPlanning,
  listDefaultPlannings,
  toDefaultPlanning,
} from './default-plannings.repository.js';
import { changeDefaultPlanning, createDefaultPlanning } from './default-plannings.service.js';

export default async function defaultPlanningRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Default planning',
    plural: 'default plannings (standing plans of an employee for a project over a period)',
    tags: ['Plannings'],
    path: '/default-plannings',
    records: { table: 'default_plannings' },
    resource: DefaultPlanning,
    repository: {
      list: (s, q) => listDefaultPlannings(s.db, planFiltersOf(q)),
      find: (s, id) => findDefaultPlanning(s.db, id),
      show: (_s, row) => toDefaultPlanning(row),
      insert: (s, body) => createDefaultPlanning(s.db, body),
      update: (s, row, body) => changeDefaultPlanning(s.db, row, body),
      remove: (s, row) => deleteDefaultPlanning(s.db, Number(row.id)),
    },
    list: { query: DefaultPlanningListQuery, spec: defaultPlanningListSpec },
    create: { body: DefaultPlanningCreate },
    update: { body: DefaultPlanningUpdate },
  });
}
