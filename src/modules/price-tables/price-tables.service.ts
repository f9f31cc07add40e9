// Writing price tables for any owner: every reference in a body is looked up inside the tenant (422 on the
// field), an owner's start dates are unique (one table without a start date at most), and a table is written
// with its prices and factors in one transaction.
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Scope } from '../../tenancy/scope.js';
import type { Tenant } from '../../tenancy/tenants.js';
import { existingValues } from '../../db/lookup.js';
import { ErrorBag } from '../../values/errors.js';
import { checkUnique } from '../crud/index.js';
import type { PriceTableT, PriceTableWriteT } from './price-tables.schemas.js';
import {
  deletePriceTable,
  insertPriceTable,
  loadOwnedPriceTable,
  loadPriceTable,
  loadPriceTables,
  ownerColumns,
  replaceFactors,
  replacePrices,
  updatePriceTableRow,
  type PriceTableOwner,
} from './price-tables.repository.js';

type Modules = Pick<Tenant, 'modules'>;

/** 422 on the failing fields: unknown price groups/activities, and a start date the owner already uses. */
async function checkBody(
  db: TenantDb,
  owner: PriceTableOwner,
  body: PriceTableWriteT,
  exceptId?: number,
): Promise<void> {
  const errors = new ErrorBag();
  await checkUnique(db, errors, 'price_tables', 'start_date', body.start_date, {
    where: ownerColumns(owner),
    exceptId,
    matchNull: true,
    message: 'This owner already has a price table with this start date.',
  });
  const prices = body.prices ?? [];
  const groups = await existingValues(
    db,
    'price_groups',
    'name',
    prices.map((p) => p.price_group),
  );
  const activities = await existingValues(
    db,
    'activities',
    'name',
    prices.flatMap((p) => (p.activity ? [p.activity] : [])),
  );
  prices.forEach((p, i) => {
    if (!groups.has(p.price_group))
      errors.add(`prices.${i}.price_group`, `The selected price group "${p.price_group}" is invalid.`);
    if (p.activity && !activities.has(p.activity))
      errors.add(`prices.${i}.activity`, `The selected activity "${p.activity}" is invalid.`);
  });
  const factors = body.factors ?? [];
  const activityIds = await existingValues(
    db,
    'activities',
    'id',
    factors.flatMap((f) => (f.activity_id ? [String(f.activity_id)] : [])),
  );
  factors.forEach((f, i) => {
    if (f.activity_id && !activityIds.has(String(f.activity_id)))
      errors.add(`factors.${i}.activity_id`, 'The selected activity id is invalid.');
  });
  errors.throwIfAny();
}

/** Create a table with its prices and factors for an owner (the owner must exist; the route checks it). */
export async function createPriceTable(
  db: TenantDb,
  tenant: Modules,
  owner: PriceTableOwner,
  body: PriceTableWriteT,
): Promise<PriceTableT> {
  await checkBody(db, owner, { start_date: null, ...body });
  const id = await db.transaction(async (trx) => {
    const tableId = await insertPriceTable(trx, owner, body.start_date ?? null);
    await replacePrices(trx, tenant, tableId, body.prices ?? []);
    await replaceFactors(trx, tableId, body.factors ?? []);
    return tableId;
  });
  return (await loadPriceTable(db, tenant, id))!;
}

/** Change the start date and/or replace prices/factors (only what is submitted); the table belongs to owner. */
export async function updatePriceTable(
  db: TenantDb,
  tenant: Modules,
  owner: PriceTableOwner,
  id: number,
  body: PriceTableWriteT,
): Promise<PriceTableT> {
  await checkBody(db, owner, body, id);
  await db.transaction(async (trx) => {
    await updatePriceTableRow(trx, id, body.start_date !== undefined ? { start_date: body.start_date } : {});
    if (body.prices !== undefined) await replacePrices(trx, tenant, id, body.prices);
    if (body.factors !== undefined) await replaceFactors(trx, id, body.factors);
  });
  return (await loadPriceTable(db, tenant, id))!;
}

/** Delete a table with its prices and factors. */
export const removePriceTable = (db: TenantDb, id: number): Promise<void> =>
  db.transaction((trx) => deletePriceTable(trx, id));

/** The price tables of an owner as the CRUD kit (modules/crud) loads, reads and writes them (a table of another owner is unknown). */
export const priceTables = {
  find: ({ db, tenant }: Scope, id: number, owner: PriceTableOwner) => loadOwnedPriceTable(db, tenant, owner, id),
  show: (_s: Scope, table: PriceTableT) => table,
  load: ({ db, tenant }: Scope, owner: PriceTableOwner) => loadPriceTables(db, tenant, owner),
  insert: ({ db, tenant }: Scope, body: PriceTableWriteT, owner: PriceTableOwner) =>
    createPriceTable(db, tenant, owner, body),
  update: ({ db, tenant }: Scope, table: PriceTableT, changes: PriceTableWriteT, owner: PriceTableOwner) =>
    updatePriceTable(db, tenant, owner, table.id, changes),
  remove: ({ db }: Scope, table: PriceTableT) => removePriceTable(db, table.id),
};
