// Writing price tables for any owner: the tenant's base tables, a customer's, a project's. Routes resolve the
// owner (404 when it does not exist) and call these; every reference in a body is looked up inside the tenant.
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Tenant } from '../../tenancy/tenants.js';
import { ErrorBag } from '../../http/errors.js';
import { inTime, nowTimestamp } from '../../http/formats.js';
import { existingValues } from '../../db/lookup.js';
import type { FactorInputT, PriceInputT, PriceTableT, PriceTableWriteT } from './price-tables.schemas.js';
import { loadPriceTable, type PriceTableOwner } from './price-tables.read.js';

type WriteTenant = Pick<Tenant, 'id' | 'modules'>;

/** Restrict a price_tables query to one owner. */
export function whereOwner<O>(q: SelectQueryBuilder<DB, 'price_tables', O>, owner: PriceTableOwner) {
  let out = q.where('level', '=', owner.level);
  if (owner.level === 'customer') out = out.where('customer_number', '=', owner.customer_number);
  if (owner.level === 'project') out = out.where('project_id', '=', owner.project_id);
  return out;
}

/** Does table `id` of this tenant belong to `owner`? (Routes answer 404 otherwise.) */
export async function ownsPriceTable(db: Kysely<DB>, tenantId: number, owner: PriceTableOwner, id: number): Promise<boolean> {
  const q = db.selectFrom('price_tables').select('id').where('tenant_id', '=', tenantId).where('id', '=', id);
  return (await whereOwner(q, owner).executeTakeFirst()) !== undefined;
}

/** 422 on the failing fields: unknown price groups/activities, and a start date the owner already uses. */
async function checkBody(db: Kysely<DB>, tenantId: number, owner: PriceTableOwner, body: PriceTableWriteT, exceptId?: number): Promise<void> {
  const errors = new ErrorBag();
  if (body.start_date !== undefined) {
    let q = whereOwner(db.selectFrom('price_tables').select('id').where('tenant_id', '=', tenantId), owner);
    q = body.start_date === null ? q.where('start_date', 'is', null) : q.where('start_date', '=', body.start_date);
    if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
    if (await q.executeTakeFirst()) errors.add('start_date', 'This owner already has a price table with this start date.');
  }
  const prices = body.prices ?? [];
  const groups = await existingValues(db, 'price_groups', tenantId, 'name', prices.map((p) => p.price_group));
  const activities = await existingValues(db, 'activities', tenantId, 'name', prices.flatMap((p) => (p.activity ? [p.activity] : [])));
  prices.forEach((p, i) => {
    if (!groups.has(p.price_group)) errors.add(`prices.${i}.price_group`, `The selected price group "${p.price_group}" is invalid.`);
    if (p.activity && !activities.has(p.activity)) errors.add(`prices.${i}.activity`, `The selected activity "${p.activity}" is invalid.`);
  });
  const factors = body.factors ?? [];
  const activityIds = await existingValues(db, 'activities', tenantId, 'id', factors.flatMap((f) => (f.activity_id ? [String(f.activity_id)] : [])));
  factors.forEach((f, i) => {
    if (f.activity_id && !activityIds.has(String(f.activity_id))) errors.add(`factors.${i}.activity_id`, 'The selected activity id is invalid.');
  });
  errors.throwIfAny();
}

async function replacePrices(db: Kysely<DB>, tenant: WriteTenant, tableId: number, prices: PriceInputT[]) {
  await db.deleteFrom('prices').where('tenant_id', '=', tenant.id).where('price_table_id', '=', tableId).execute();
  if (prices.length === 0) return;
  const ahr = tenant.modules.has('ahr');
  await db
    .insertInto('prices')
    .values(
      prices.map((p) => ({
        tenant_id: tenant.id,
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

async function replaceFactors(db: Kysely<DB>, tenantId: number, tableId: number, factors: FactorInputT[]) {
  await db.deleteFrom('price_factors').where('tenant_id', '=', tenantId).where('price_table_id', '=', tableId).execute();
  if (factors.length === 0) return;
  await db
    .insertInto('price_factors')
    .values(
      factors.map((f) => ({
        tenant_id: tenantId,
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

/** Create a table with its prices and factors for an owner (the owner must exist; the route checks it). */
export async function createPriceTable(db: Kysely<DB>, tenant: WriteTenant, owner: PriceTableOwner, body: PriceTableWriteT): Promise<PriceTableT> {
  await checkBody(db, tenant.id, owner, { start_date: null, ...body });
  const id = await db.transaction().execute(async (trx) => {
    const now = nowTimestamp();
    const row = await trx
      .insertInto('price_tables')
      .values({
        tenant_id: tenant.id,
        level: owner.level,
        customer_number: owner.level === 'customer' ? owner.customer_number : null,
        project_id: owner.level === 'project' ? owner.project_id : null,
        start_date: body.start_date ?? null,
        created: now,
        modified: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replacePrices(trx, tenant, Number(row.id), body.prices ?? []);
    await replaceFactors(trx, tenant.id, Number(row.id), body.factors ?? []);
    return Number(row.id);
  });
  return (await loadPriceTable(db, tenant, id))!;
}

/** Change the start date and/or replace prices/factors (only what is submitted); the table must belong to owner. */
export async function updatePriceTable(db: Kysely<DB>, tenant: WriteTenant, owner: PriceTableOwner, id: number, body: PriceTableWriteT): Promise<PriceTableT> {
  await checkBody(db, tenant.id, owner, body, id);
  await db.transaction().execute(async (trx) => {
    const changes = { modified: nowTimestamp(), ...(body.start_date !== undefined ? { start_date: body.start_date } : {}) };
    await trx.updateTable('price_tables').set(changes).where('tenant_id', '=', tenant.id).where('id', '=', id).execute();
    if (body.prices !== undefined) await replacePrices(trx, tenant, id, body.prices);
    if (body.factors !== undefined) await replaceFactors(trx, tenant.id, id, body.factors);
  });
  return (await loadPriceTable(db, tenant, id))!;
}

/** Delete a table with its prices and factors. */
export async function deletePriceTable(db: Kysely<DB>, tenantId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('prices').where('tenant_id', '=', tenantId).where('price_table_id', '=', id).execute();
    await trx.deleteFrom('price_factors').where('tenant_id', '=', tenantId).where('price_table_id', '=', id).execute();
    await trx.deleteFrom('price_tables').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  });
}
