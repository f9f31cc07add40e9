// GET /workhour-balances (employee_id, list conventions) and GET /workhour-balances/{id} (docs/api/absences.md): one
// record per employee, its key the employee's numeric id; read-only, computed per request.
import type { ZkApp } from '../../types.js';
import { resourceRoutes } from '../crud/index.js';
import { WorkhourBalance, WorkhourBalanceListQuery } from './workhour-balances.schemas.js';
import { balanceListSpec } from './workhour-balances.repository.js';
import { workhourBalances } from './workhour-balances.service.js';

export default async function workhourBalanceRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Working-time balance',
    plural: 'working-time balances (one per employee, as of the end of the previous day)',
    tags: ['Working-time balances'],
    path: '/workhour-balances',
    resource: WorkhourBalance,
    repository: workhourBalances,
    list: { query: WorkhourBalanceListQuery, spec: balanceListSpec },
    summaries: { get: "Get an employee's working-time balance (the key is the employee's numeric id)" },
  });
}
