// /month-closings: close a month for the whole tenant or one employee (POST), reopen it (DELETE), list them.
// Additive endpoints behind booking rule 1.
import type { ZkApp } from '../../types.js';
import { responses, Single } from '../../http/schemas.js';
import { scopeOf } from '../crud/index.js';
import { monthOverview } from './month-overview.js';
import { resourceRoutes } from '../crud/index.js';
import {
  MonthClosing,
  MonthClosingCreate,
  MonthClosingListQuery,
  MonthOverview,
  MonthOverviewQuery,
} from './month-closings.schemas.js';
import { monthClosingListSpec } from './month-closings.repository.js';
import { monthClosings } from './month-closings.service.js';

export default async function monthClosingRoutes(app: ZkApp) {
  app.get(
    '/month-closings/overview',
    {
      config: { extension: true },
      schema: {
        summary: "A month's booked and target hours, missing days and closings per employee (zeitkonto extension)",
        description:
          'Every employee employed in the month, with target and booked hours, the missing days and the closing that locks them; for those who read every closing (docs/api/booking.md).',
        tags: ['Month closings'],
        querystring: MonthOverviewQuery,
        response: responses({ 200: Single(MonthOverview) }),
      },
    },
    async (req) => ({ data: await monthOverview(scopeOf(app, req), req.query.month) }),
  );
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
