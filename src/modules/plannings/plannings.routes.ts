// GET /plannings (contract: list conventions in date order, date_from/date_to, employee_ids[], project_ids[],
// customer_numbers[], include_defaults), GET/PATCH/PUT/DELETE /plannings/{id} and POST /plannings (additive:
// plans made through the API). docs/api/plannings.md.
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { envelope, listResponse, requestBase, type ListQueryValues } from '../../http/list/index.js';
import { pageWithDefaults } from './plannings-with-defaults.js';
import { PLANNING_ALIAS_DEPRECATION } from '../../http/deprecation.js';
import { DataArray, IntKey, Paginated, responses, Single } from '../../http/schemas.js';
import { requireProject } from '../projects/projects.service.js';
import { planVsActual, PlanVsActualQuery, PlanVsActualRow, type PlanVsActualQueryT } from './plan-vs-actual.js';
import { resourceRoutes, scopeOf } from '../crud/index.js';
import {
  Planning,
  PlanningCreate,
  PlanningListQuery,
  PlanningRangeCreate,
  PlanningUpdate,
  type PlanningCreateT,
  type PlanningRangeCreateT,
} from './plannings.schemas.js';
import { listPlannings, planFiltersOf, planningListSpec, storedEntry, toPlannings } from './plannings.repository.js';
import { createPlannings, plannings } from './plannings.service.js';
import { planningDerivations } from './plannings.records.js';

const tags = ['Plannings'];

const LIST_DESCRIPTION = `Planning entries in date order (date, employee, id; \`orderBy\` is ignored). Amounts are converted with the
employee's regular working time of the date; \`working_day\` is 1 when that asks for hours and the day is no full-day
public holiday and no approved full-day absence. Unknown ids in the array filters match nothing.`;

const REDIRECT_DESCRIPTION = `Answers 308 Permanent Redirect to /plannings with the same query string, with \`Deprecation\`,
\`Sunset: Tue, 31 Aug 2027 00:00:00 GMT\` and \`Link\` (the successor, rel="successor-version", and the deprecation
notice). 308 rather than 301: a 301 lets clients change the method on the next request, 308 keeps it (and the
body), the stricter promise for an alias. The query is not validated here; /plannings does that.`;

export default async function planningRoutes(app: ZkApp) {
  app.get(
    '/plannings',
    {
      schema: {
        summary: 'List planning entries',
        description: LIST_DESCRIPTION,
        tags,
        querystring: PlanningListQuery,
        response: responses({ 200: Paginated(Planning) }),
      },
    },
    async (req) => {
      const s = scopeOf(app, req);
      const query = req.query as Record<string, unknown> & ListQueryValues;
      const filters = planFiltersOf(query);
      if (query.include_defaults) {
        // Stored entries and default days both keep to the caller's rows (access/rows.ts).
        const rows = req.listFilter;
        if (rows) rows.applied = true;
        const page = await pageWithDefaults(s.db, { ...filters, rows }, query);
        return envelope(req, page, await toPlannings(s.db, page.rows));
      }
      return listResponse(req, listPlannings(s.db, filters), planningListSpec, (rows) =>
        toPlannings(s.db, rows.map(storedEntry)),
      );
    },
  );

  app.get(
    '/planning',
    {
      config: { deprecated: PLANNING_ALIAS_DEPRECATION },
      schema: {
        summary:
          'Deprecated alias of GET /plannings (sunset 2027-08-31): a permanent redirect with the same query string',
        description: REDIRECT_DESCRIPTION,
        tags,
        deprecated: true,
        response: responses({ 308: Type.Null({ description: 'Location: /plannings with the same query string.' }) }),
      },
    },
    async (req, reply) => {
      const url = new URL(req.url, requestBase(req));
      const successor = `${requestBase(req)}${url.pathname.replace(/\/planning$/, '/plannings')}`;
      reply.header('Link', `<${successor}>; rel="successor-version", ${reply.getHeader('link')}`);
      return reply.code(308).header('Location', `${successor}${url.search}`).send();
    },
  );

  // One day is one resource ({data: entry}); a range of days is its own operation answering the list of entries.
  app.post(
    '/plannings',
    {
      schema: {
        summary: 'Plan a day (a range of days: POST /plannings/range)',
        tags,
        body: PlanningCreate,
        response: responses({ 201: Single(Planning) }, { write: true }),
      },
    },
    async (req, reply) => {
      const s = scopeOf(app, req);
      const [entry] = await toPlannings(
        s.db,
        (await createPlannings(s.db, req.body as PlanningCreateT, false)).map(storedEntry),
      );
      return reply.code(201).send({ data: entry });
    },
  );

  app.post(
    '/plannings/range',
    {
      schema: {
        summary:
          'Plan every working day of the employee from date to date_to (all or nothing; the answer lists the entries)',
        tags,
        body: PlanningRangeCreate,
        response: responses({ 201: DataArray(Planning) }, { write: true }),
      },
    },
    async (req, reply) => {
      const s = scopeOf(app, req);
      const entries = await toPlannings(
        s.db,
        (await createPlannings(s.db, req.body as PlanningRangeCreateT, true)).map(storedEntry),
      );
      return reply.code(201).send({ data: entries });
    },
  );

  app.get(
    '/projects/:id/plan-vs-actual',
    {
      schema: {
        summary: 'Planned against booked hours of a project, per employee and month of a window (additive)',
        description:
          'Planned: explicit entries of any type (converted as in /plannings) plus the days of default plannings; booked: the durations of bookings on the project. Rows where either is non-zero, by employee then month.',
        tags,
        params: IntKey('id'),
        querystring: PlanVsActualQuery,
        response: responses({ 200: DataArray(PlanVsActualRow) }),
      },
    },
    async (req) => {
      const s = scopeOf(app, req);
      const project = await requireProject(s.db, (req.params as { id: number }).id);
      return { data: await planVsActual(s.db, Number(project.id), req.query as PlanVsActualQueryT) };
    },
  );

  resourceRoutes(app, {
    name: 'Planning',
    plural: 'planning entries',
    tags,
    path: '/plannings',
    records: {
      table: 'plannings',
      derivations: planningDerivations,
    },
    resource: Planning,
    repository: plannings,
    update: { body: PlanningUpdate },
    summaries: {
      get: 'Get a planning entry (stored entries; the days of a default planning live in /default-plannings)',
      update: 'Change a planning entry (only submitted fields change; PUT is an alias)',
      remove: 'Delete a planning entry',
    },
  });
}
