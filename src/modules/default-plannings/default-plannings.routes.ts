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
  type DefaultPlanningT,
} from './default-plannings.schemas.js';
import {
  defaultPlanningListSpec,
  deleteDefaultPlanning,
  findDefaultPlanning,
  listDefaultPlannings,
  toDefaultPlanning,
  type DefaultPlanningRow,
} from './default-plannings.repository.js';
import { changeDefaultPlanning, createDefaultPlanning } from './default-plannings.service.js';

export default async function defaultPlanningRoutes(app: ZkApp) {
  resourceRoutes<undefined, DefaultPlanningRow, DefaultPlanningT>(app, {
    name: 'Default planning',
    plural: 'default plannings (standing plans of an employee for a project over a period)',
    tags: ['Plannings'],
    path: '/default-plannings',
    records: { table: 'default_plannings' },
    resource: DefaultPlanning,
    list: {
      query: DefaultPlanningListQuery,
      build: (s, _p, q) => listDefaultPlannings(s.db, planFiltersOf(q)),
      spec: defaultPlanningListSpec,
    },
    find: (s, _p, id) => findDefaultPlanning(s.db, id),
    show: (_s, _p, row) => toDefaultPlanning(row),
    create: { body: DefaultPlanningCreate, run: (s, _p, body) => createDefaultPlanning(s.db, body) },
    update: { body: DefaultPlanningUpdate, run: (s, _p, row, body) => changeDefaultPlanning(s.db, row, body) },
    remove: (s, _p, row) => deleteDefaultPlanning(s.db, Number(row.id)),
  });
}
