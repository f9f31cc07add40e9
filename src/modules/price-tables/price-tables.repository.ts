// SQL for price tables of every owner (the tenant's base tables, a customer's, a project's) with their prices and
// factors: loading in three queries whatever the number of tables, and writing a table with its sets.
import { sql, type Selectable } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Tenant } from '../../tenancy/tenants.js';
import { inTime, nowTimestamp, outDate, outTime } from '../../values/formats.js';
import type { PriceTablesTable } from './price-tables.tables.js';
import {
  FACTOR_DAYS,
  PRICE_TABLE_TYPES,
  type FactorInputT,
  type PriceInputT,
  type PriceTableLevel,
  type PriceTableT,
  Price,
  PriceFactor,
  PriceTable,
  type PriceT,
  type PriceFactorT,
} from './price-tables.schemas.js';
import { rowMapper, type MapContext } from '../../db/row-mapping.js';

export type PriceTableOwner =
  { level: 'base' } | { level: 'customer'; customer_number: string } | { level: 'project'; project_id: number };
type Modules = Pick<Tenant, 'modules'>;

/** The columns that name an owner's tables. */
export function ownerColumns(owner: PriceTableOwner): { level: string; customer_number?: string; project_id?: number } {
  if (owner.level === 'customer') return { level: owner.level, customer_number: owner.customer_number };
  if (owner.level === 'project') return { level: owner.level, project_id: owner.project_id };
  return { level: owner.level };
}

function ownerTables(db: TenantDb, owner: PriceTableOwner) {
  let q = db.selectFrom('price_tables').selectAll();
  for (const [column, value] of Object.entries(ownerColumns(owner)))
    q = q.where(column as 'level', '=', value as string);
  return q;
}

/** All tables of one owner: tables without a start date apply from the beginning and come first, then by date and id. */
export async function loadPriceTables(db: TenantDb, tenant: Modules, owner: PriceTableOwner): Promise<PriceTableT[]> {
  const rows = await ownerTables(db, owner)
    .orderBy(sql`start_date asc nulls first`)
    .orderBy('id')
    .execute();
  return hydratePriceTables(db, tenant, rows);
}

/** One table by id (any owner), or undefined. */
export async function loadPriceTable(db: TenantDb, tenant: Modules, id: number): Promise<PriceTableT | undefined> {
  const rows = await db.selectFrom('price_tables').selectAll().where('id', '=', id).execute();
  return (await hydratePriceTables(db, tenant, rows))[0];
}

/** Table `id` when it belongs to `owner` (routes answer 404 otherwise). */
export async function loadOwnedPriceTable(
  db: TenantDb,
  tenant: Modules,
  owner: PriceTableOwner,
  id: number,
): Promise<PriceTableT | undefined> {
  const rows = await ownerTables(db, owner).where('id', '=', id).execute();
  return (await hydratePriceTables(db, tenant, rows))[0];
}

/** A customer's own tables, otherwise the tenant's base tables (contract: Customer.priceTables). */
export async function customerPriceTables(
  db: TenantDb,
  tenant: Modules,
  customerNumber: string,
): Promise<PriceTableT[]> {
  const own = await loadPriceTables(db, tenant, { level: 'customer', customer_number: customerNumber });
  return own.length > 0 ? own : loadPriceTables(db, tenant, { level: 'base' });
}

/** Rows of the tables a page of projects may fall back on: their own, their customers', the base tables. */
export function fallbackTableRows(db: TenantDb, projectIds: readonly number[], customerNumbers: readonly string[]) {
  const base = db.selectFrom('price_tables').selectAll();
  return Promise.all([
    base
      .where('level', '=', 'project')
      .where('project_id', 'in', [...projectIds])
      .orderBy('start_date')
      .orderBy('id')
      .execute(),
    customerNumbers.length
      ? base
          .where('level', '=', 'customer')
          .where('customer_number', 'in', [...customerNumbers])
          .orderBy('start_date')
          .orderBy('id')
          .execute()
      : Promise.resolve([]),
    base.where('level', '=', 'base').orderBy('start_date').orderBy('id').execute(),
  ]);
}

const priceRows = prepared((db, p: { ids: number[] }) =>
  db.selectFrom('prices').selectAll().where('price_table_id', 'in', p.ids).orderBy('id'),
);
const factorRows = prepared((db, p: { ids: number[] }) =>
  db.selectFrom('price_factors').selectAll().where('price_table_id', 'in', p.ids).orderBy('id'),
);

/** What a table's row needs beyond itself: its prices and factors, by table id. */
interface TableContext extends MapContext {
  readonly prices: ReadonlyMap<number, PriceT[]>;
  readonly factors: ReadonlyMap<number, PriceFactorT[]>;
}

const toPrice = rowMapper(Price, {
  convert: { price_table_id: (v) => String(Number(v)) },
  labels: { type: 'price_type' },
  gates: { ahr_factor: 'ahr' },
});

const toFactor = rowMapper(PriceFactor, {
  convert: {
    day: (v) => ({ id: v, name: FACTOR_DAYS[v] ?? String(v) }),
    start_time: outTime,
    end_time: outTime,
  },
});

const toPriceTable = rowMapper<typeof PriceTable, TableContext>(PriceTable, {
  columns: { type: 'level' },
  convert: {
    start_date: outDate,
    type: (v: PriceTableLevel) => ({ id: v, name: PRICE_TABLE_TYPES[v] ?? v }),
    prices: (_v, r, ctx) => ctx.prices.get(Number(r.id)) ?? [],
    factors: (_v, r, ctx) => ctx.factors.get(Number(r.id)) ?? [],
  },
});

/** Rows grouped by their table, in the rows' order. */
function byTable<R extends { price_table_id: unknown }, T>(rows: readonly R[], map: (r: R) => T): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const id = Number(r.price_table_id);
    const list = out.get(id);
    if (list) list.push(map(r));
    else out.set(id, [map(r)]);
  }
  return out;
}

/** Prices and factors for already-selected table rows, in two queries. */
export async function hydratePriceTables(
  db: TenantDb,
  tenant: Modules,
  rows: Selectable<PriceTablesTable>[],
): Promise<PriceTableT[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  const [prices, factors] = await Promise.all([priceRows(db, { ids }), factorRows(db, { ids })]);
  const ctx: MapContext = { language: db.language, modules: tenant.modules };
  const context: TableContext = {
    ...ctx,
    prices: byTable(prices, (p) => toPrice(p, ctx)),
    factors: byTable(factors, (f) => toFactor(f)),
  };
  return rows.map((r) => toPriceTable(r, context));
}

export async function insertPriceTable(
  db: TenantDb,
  owner: PriceTableOwner,
  startDate: string | null,
): Promise<number> {
  const now = nowTimestamp();
  const row = await db
    .insertInto('price_tables', {
      level: owner.level,
      customer_number: owner.level === 'customer' ? owner.customer_number : null,
      project_id: owner.level === 'project' ? owner.project_id : null,
      start_date: startDate,
      created: now,
      modified: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updatePriceTableRow(
  db: TenantDb,
  id: number,
  changes: { start_date?: string | null },
): Promise<void> {
  await db
    .updateTable('price_tables')
    .set({ modified: nowTimestamp(), ...changes })
    .where('id', '=', id)
    .execute();
}

/** Replace a table's prices; ahr_factor is kept only on tenants with the ahr module. */
export async function replacePrices(
  db: TenantDb,
  tenant: Modules,
  tableId: number,
  prices: readonly PriceInputT[],
): Promise<void> {
  await db.deleteFrom('prices').where('price_table_id', '=', tableId).execute();
  if (prices.length === 0) return;
  const ahr = tenant.modules.has('ahr');
  await db
    .insertInto(
      'prices',
      prices.map((p) => ({
        price_table_id: tableId,
        price_group: p.price_group,
        price: p.price,
        type: p.type ?? 'basehour',
        activity: p.activity ?? null,
        ahr_factor: ahr ? (p.ahr_factor ?? null) : null,
      })),
    )
    .execute();
}

export async function replaceFactors(db: TenantDb, tableId: number, factors: readonly FactorInputT[]): Promise<void> {
  await db.deleteFrom('price_factors').where('price_table_id', '=', tableId).execute();
  if (factors.length === 0) return;
  await db
    .insertInto(
      'price_factors',
      factors.map((f) => ({
        price_table_id: tableId,
        day: f.day,
        start_time: f.start_time ? inTime(f.start_time) : null,
        end_time: f.end_time ? inTime(f.end_time) : null,
        factor: f.factor,
        activity_id: f.activity_id ?? null,
      })),
    )
    .execute();
}

/** Delete a table with its prices and factors (call inside a transaction). */
export async function deletePriceTable(db: TenantDb, id: number): Promise<void> {
  await db.deleteFrom('prices').where('price_table_id', '=', id).execute();
  await db.deleteFrom('price_factors').where('price_table_id', '=', id).execute();
  await db.deleteFrom('price_tables').where('id', '=', id).execute();
}

/** Delete every table of an owner (its prices and factors go with them: foreign keys). */
export async function deletePriceTablesOf(db: TenantDb, owner: PriceTableOwner): Promise<void> {
  let q = db.deleteFrom('price_tables');
  for (const [column, value] of Object.entries(ownerColumns(owner)))
    q = q.where(column as 'level', '=', value as string);
  await q.execute();
}
