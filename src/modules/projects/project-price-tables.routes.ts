// GET /projects/{id}/price-tables (?fallback) and GET /projects/{id}/price-tables/{price_table_id} (contract).
// Writes for project price tables live with the shared price-table write service.
import { Type } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { DataArray, MAX_ID, responses, Single } from '../../http/schemas.js';
import { notFound } from '../../values/errors.js';
import { loadPriceTable, loadPriceTables } from '../price-tables/price-tables.repository.js';
import { PriceTable } from '../price-tables/price-tables.schemas.js';
import { effectivePriceTables } from './projects.present.js';
import { requireProject } from './projects.service.js';
import { priceTableRoutes } from '../price-tables/price-tables.routes.js';

const tags = ['Project price tables'];
const ProjectParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
const TableParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  price_table_id: Type.Integer({ minimum: 1, maximum: MAX_ID }),
});
const FallbackQuery = Type.Object(
  {
    fallback: Type.Optional(
      Type.Unsafe<boolean | number>({
        type: ['boolean', 'integer'],
        minimum: 0,
        maximum: 1,
        description:
          "true (or 1): without own tables the customer's, then the tenant's base tables. Default false: only the project's own.",
      }),
    ),
  },
  { additionalProperties: true },
);

export default async function projectPriceTableRoutes(app: ZkApp) {
  // Writes: POST /projects/{id}/price-tables, PATCH/PUT/DELETE /projects/{id}/price-tables/{price_table_id}
  // (additive) on the shared owner-agnostic write service; the reads below add the fallback chain.
  priceTableRoutes(app, {
    path: '/projects/:id/price-tables',
    tags,
    ownerParams: { id: Type.Integer({ minimum: 1, maximum: MAX_ID }) },
    itemParam: 'price_table_id',
    reads: false,
    level: 'project',
    ownerKey: ['project_id'],
    what: 'project price table',
    owner: async (s, params) => ({
      level: 'project',
      project_id: Number((await requireProject(s.db, Number(params.id))).id),
    }),
  });

  app.get(
    '/projects/:id/price-tables',
    {
      schema: {
        summary: 'List the price tables of a project (no pagination)',
        tags,
        params: ProjectParams,
        querystring: FallbackQuery,
        response: responses({ 200: DataArray(PriceTable) }),
      },
    },
    async (req) => {
      const project = await requireProject(req.db, req.params.id);
      if (req.query.fallback)
        return { data: (await effectivePriceTables(req.db, req.tenant, [project])).get(Number(project.id)) ?? [] };
      return { data: await loadPriceTables(req.db, req.tenant, { level: 'project', project_id: Number(project.id) }) };
    },
  );

  app.get(
    '/projects/:id/price-tables/:price_table_id',
    {
      schema: {
        summary: 'Get one price table of a project: its own, or one it inherits through the fallback chain',
        tags,
        params: TableParams,
        response: responses({ 200: Single(PriceTable) }),
      },
    },
    async (req) => {
      const project = await requireProject(req.db, req.params.id);
      const table = await loadPriceTable(req.db, req.tenant, req.params.price_table_id);
      const own = table?.type?.id === 'project' && table.project_id === Number(project.id);
      const inherited =
        !own &&
        table !== undefined &&
        ((await effectivePriceTables(req.db, req.tenant, [project])).get(Number(project.id)) ?? []).some(
          (t) => t.id === table.id,
        );
      if (!table || !(own || inherited)) throw notFound('Price table');
      return { data: table };
    },
  );
}
