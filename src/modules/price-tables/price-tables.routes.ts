// Price-table writes (additive in v1), one route set per owner: base tables at /price-tables, customer tables
// at /customers/{customer}/price-tables (projects can mount the same set). Lists answer {data: [...]} without
// pagination, like GET /projects/{id}/price-tables in the contract. A table of another owner is 404.
import { Type, type TProperties } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { ZkApp } from '../../types.js';
import { DataArray, MAX_ID, responses, Single } from '../../http/schemas.js';
import { notFound } from '../../http/errors.js';
import { PriceTable, PriceTableCreate, PriceTableUpdate, type PriceTableWriteT } from './price-tables.schemas.js';
import { loadPriceTable, loadPriceTables, type PriceTableOwner } from './price-tables.read.js';
import { createPriceTable, deletePriceTable, ownsPriceTable, updatePriceTable } from './price-tables.write.js';

export interface PriceTableRoutes {
  /** Collection path, e.g. '/price-tables' or '/customers/:customer/price-tables'. */
  path: string;
  tags: string[];
  /** Path parameters of the owner (besides the table `id`). */
  ownerParams: TProperties;
  /** Words for summaries, e.g. 'base price table'. */
  what: string;
  /** The owner named by the request; throws 404 when it does not exist in the tenant. */
  owner(req: FastifyRequest): Promise<PriceTableOwner>;
  /** Name of the table id path parameter (default `id`). */
  itemParam?: string;
  /** Register the GET routes too (default true; projects have their own reads with fallback). */
  reads?: boolean;
}

/** Register list, create, read, update (PATCH/PUT) and delete of one owner's price tables. */
export function registerPriceTableRoutes(app: ZkApp, o: PriceTableRoutes): void {
  const { db } = app.zk;
  const ListParams = Type.Object(o.ownerParams);
  const item = o.itemParam ?? 'id';
  const ItemParams = Type.Object({ ...o.ownerParams, [item]: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
  /** The owner and the table id, 404 unless the table belongs to that owner. */
  const ownedTable = async (req: FastifyRequest) => {
    const owner = await o.owner(req);
    const id = (req.params as Record<string, number>)[item];
    if (!(await ownsPriceTable(db, req.tenant.id, owner, id))) throw notFound('Price table');
    return { owner, id };
  };

  if (o.reads !== false)
    app.get(o.path, { schema: { summary: `List ${o.what}s`, tags: o.tags, params: ListParams, response: responses({ 200: DataArray(PriceTable) }) } }, async (req) => ({
    data: await loadPriceTables(db, req.tenant, await o.owner(req)),
  }));

  app.post(
    o.path,
    { schema: { summary: `Create a ${o.what} with prices and factors`, tags: o.tags, params: ListParams, body: PriceTableCreate, response: responses({ 201: Single(PriceTable) }, { write: true }) } },
    async (req, reply) => reply.code(201).send({ data: await createPriceTable(db, req.tenant, await o.owner(req), req.body as PriceTableWriteT) }),
  );

  if (o.reads !== false)
    app.get(`${o.path}/:${item}`, { schema: { summary: `Get a ${o.what}`, tags: o.tags, params: ItemParams, response: responses({ 200: Single(PriceTable) }) } }, async (req) => {
      const { id } = await ownedTable(req);
      return { data: (await loadPriceTable(db, req.tenant, id))! };
    });

  app.route({
    method: ['PATCH', 'PUT'],
    url: `${o.path}/:${item}`,
    schema: { summary: `Update a ${o.what} (submitted prices/factors replace the set)`, tags: o.tags, params: ItemParams, body: PriceTableUpdate, response: responses({ 200: Single(PriceTable) }, { write: true }) },
    handler: async (req) => {
      const { owner, id } = await ownedTable(req);
      return { data: await updatePriceTable(db, req.tenant, owner, id, req.body as PriceTableWriteT) };
    },
  });

  app.delete(`${o.path}/:${item}`, { schema: { summary: `Delete a ${o.what}`, tags: o.tags, params: ItemParams, response: responses({ 204: Type.Null() }, { write: true }) } }, async (req, reply) => {
    const { id } = await ownedTable(req);
    await deletePriceTable(db, req.tenant.id, id);
    return reply.code(204).send();
  });
}

/** The tenant's base price tables (Basispreistabelle). */
export default async function basePriceTableRoutes(app: ZkApp) {
  registerPriceTableRoutes(app, { path: '/price-tables', tags: ['Price tables'], ownerParams: {}, what: 'base price table', owner: async () => ({ level: 'base' }) });
}
