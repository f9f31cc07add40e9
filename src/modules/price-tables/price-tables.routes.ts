// Price tables on the CRUD kit, one route set per owner: base tables at /price-tables, customer tables at
// /customers/{customer}/price-tables, project tables at /projects/{id}/price-tables (writes additive in v1).
// Lists answer {data: [...]} without pagination, like GET /projects/{id}/price-tables in the contract. A table
// of another owner is 404.
import { Type, type TProperties } from '@sinclair/typebox';
import type { ZkApp } from '../../types.js';
import { MAX_ID } from '../../http/schemas.js';
import { resourceRoutes } from '../crud/index.js';
import { type Scope } from '../../tenancy/scope.js';
import { PriceTable, PriceTableCreate, PriceTableUpdate } from './price-tables.schemas.js';
import type { PriceTableOwner } from './price-tables.repository.js';
import { priceTables } from './price-tables.service.js';

export interface PriceTableOwnerRoutes {
  /** Collection path, e.g. '/price-tables' or '/customers/:customer/price-tables'. */
  path: string;
  tags: string[];
  /** Path parameters of the owner (besides the table id). */
  ownerParams: TProperties;
  /** Words for summaries, e.g. 'base price table'. */
  what: string;
  /** The owner the path names; throws 404 when it does not exist in the tenant. */
  owner(s: Scope, params: Record<string, unknown>): Promise<PriceTableOwner>;
  /** Name of the table id path parameter (default `id`). */
  itemParam?: string;
  /** Register the GET routes too (default true; projects serve their own reads with fallback). */
  reads?: boolean;
  /** The owner's level, and the row's columns naming the owner in the record key (e.g. ['customer_number']). */
  level: PriceTableOwner['level'];
  ownerKey: readonly string[];
}

/** List, create, read, update (PATCH/PUT) and delete of one owner's price tables. */
export function priceTableRoutes(app: ZkApp, o: PriceTableOwnerRoutes): void {
  const reads = o.reads !== false;
  resourceRoutes(app, {
    name: 'Price table',
    plural: `${o.what}s`,
    tags: o.tags,
    path: o.path,
    parentParams: o.ownerParams,
    key: { name: o.itemParam ?? 'id', schema: Type.Integer({ minimum: 1, maximum: MAX_ID }) },
    parent: o.owner,
    resource: PriceTable,
    repository: priceTables,
    records: {
      table: 'price_tables',
      where: { level: o.level },
      key: [...o.ownerKey, 'id'],
      derivations: [
        { table: 'prices', match: { id: 'price_table_id' } },
        { table: 'price_factors', match: { id: 'price_table_id' } },
      ],
    },
    ...(reads ? { list: {} } : { detail: false as const }),
    create: { body: PriceTableCreate },
    update: { body: PriceTableUpdate },
    summaries: {
      list: `List ${o.what}s`,
      get: `Get a ${o.what}`,
      create: `Create a ${o.what} with prices and factors`,
      update: `Update a ${o.what} (submitted prices/factors replace the set)`,
      remove: `Delete a ${o.what}`,
    },
  });
}

/** The tenant's base price tables (Basispreistabelle). */
export default async function basePriceTableRoutes(app: ZkApp) {
  priceTableRoutes(app, {
    path: '/price-tables',
    tags: ['Price tables'],
    ownerParams: {},
    what: 'base price table',
    owner: async () => ({ level: 'base' }),
    level: 'base',
    ownerKey: [],
  });
}
