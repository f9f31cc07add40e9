// Loading price tables with their prices and factors in three queries, whatever the number of tables.
// Used by customers (own tables, else base), projects (project -> customer -> base fallback) and the
// price-table endpoints.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { PriceTablesTable } from './price-tables.tables.js';
import type { Tenant } from '../../tenancy/tenants.js';
import { omitGatedFields } from '../../http/gating.js';
import { outDate, outTime } from '../../http/formats.js';
import { FACTOR_DAYS, PRICE_TABLE_TYPES, PRICE_TYPES, type PriceTableLevel, type PriceTableT } from './price-tables.schemas.js';

export type PriceTableOwner = { level: 'base' } | { level: 'customer'; customer_number: string } | { level: 'project'; project_id: number };

function tablesQuery(db: Kysely<DB>, tenantId: number) {
  return db.selectFrom('price_tables').selectAll().where('tenant_id', '=', tenantId);
}

/** All tables of one owner, by start date then id. */
export async function loadPriceTables(db: Kysely<DB>, tenant: Pick<Tenant, 'id' | 'modules'>, owner: PriceTableOwner): Promise<PriceTableT[]> {
  let q = tablesQuery(db, tenant.id).where('level', '=', owner.level);
  if (owner.level === 'customer') q = q.where('customer_number', '=', owner.customer_number);
  if (owner.level === 'project') q = q.where('project_id', '=', owner.project_id);
  // Tables without a start date apply from the beginning: they come first on both databases.
  const rows = await q.orderBy(sql`start_date asc nulls first`).orderBy('id').execute();
  return hydrate(db, tenant, rows);
}

/** One table by id (any level), or undefined. */
export async function loadPriceTable(db: Kysely<DB>, tenant: Pick<Tenant, 'id' | 'modules'>, id: number): Promise<PriceTableT | undefined> {
  const rows = await tablesQuery(db, tenant.id).where('id', '=', id).execute();
  return (await hydrate(db, tenant, rows))[0];
}

/** A customer's own tables, otherwise the tenant's base tables (contract: Customer.priceTables). */
export async function customerPriceTables(db: Kysely<DB>, tenant: Pick<Tenant, 'id' | 'modules'>, customerNumber: string): Promise<PriceTableT[]> {
  const own = await loadPriceTables(db, tenant, { level: 'customer', customer_number: customerNumber });
  return own.length > 0 ? own : loadPriceTables(db, tenant, { level: 'base' });
}

/** Prices and factors for many tables at once. */
async function hydrate(db: Kysely<DB>, tenant: Pick<Tenant, 'id' | 'modules'>, rows: Selectable<PriceTablesTable>[]): Promise<PriceTableT[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  const [prices, factors] = await Promise.all([
    db.selectFrom('prices').selectAll().where('tenant_id', '=', tenant.id).where('price_table_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('price_factors').selectAll().where('tenant_id', '=', tenant.id).where('price_table_id', 'in', ids).orderBy('id').execute(),
  ]);
  return rows.map((r) => {
    const id = Number(r.id);
    const level = r.level as PriceTableLevel;
    return {
      id,
      start_date: outDate(r.start_date),
      customer_number: r.customer_number,
      project_id: r.project_id === null ? null : Number(r.project_id),
      type: { id: level, name: PRICE_TABLE_TYPES[level] ?? level },
      prices: prices
        .filter((p) => Number(p.price_table_id) === id)
        .map((p) =>
          omitGatedFields(
            {
              id: Number(p.id),
              price_group: p.price_group,
              price: Number(p.price),
              price_table_id: String(id),
              type: p.type === null ? null : { id: p.type, name: PRICE_TYPES[p.type] ?? p.type },
              activity: p.activity,
              ahr_factor: p.ahr_factor === null ? null : Number(p.ahr_factor),
            },
            tenant,
            { ahr_factor: 'ahr' },
          ),
        ),
      factors: factors
        .filter((f) => Number(f.price_table_id) === id)
        .map((f) => ({
          id: Number(f.id),
          day: { id: f.day, name: FACTOR_DAYS[f.day] ?? String(f.day) },
          start_time: outTime(f.start_time),
          end_time: outTime(f.end_time),
          factor: Number(f.factor),
          price_table_id: id,
          activity_id: f.activity_id === null ? null : Number(f.activity_id),
        })),
    };
  });
}

/** Prices and factors for already-selected table rows (batch loads across owners, e.g. a page of projects). */
export { hydrate as hydratePriceTables };
