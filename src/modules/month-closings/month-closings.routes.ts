// /month-closings: close a month for the whole tenant or one employee (POST), reopen it (DELETE), list them.
// Additive endpoints behind booking rule 1.
import type { ZkApp } from '../../types.js';
import { resourceRoutes } from '../crud/index.js';
import { MonthClosing, MonthClosingCreate, MonthClosingListQuery } from './month-closings.schemas.js';
import { monthClosingListSpec } from './month-closings.repository.js';
import { monthClosings } from './month-closings.service.js';

export default async function monthClosingRoutes(app: ZkApp) {
  resourceRoutes(app, {
    name: 'Month closing',
    plural: 'closed months',
    tags: ['Month closings'],
    path: '/month-closings',
    records: { table: 'month_closings' },
    resource: MonthClosing,
    repository: monthClosings,
    list: { query: MonthClosingListQuery, spec: monthClosingListSpec },
    create: { body: MonthClosingCreate },
    summaries: { create: 'Close a month for the whole tenant or for one employee', remove: 'Reopen a closed month' },
  });
}
