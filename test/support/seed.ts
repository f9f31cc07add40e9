// Direct inserts for prerequisite rows a test needs but does not test (e.g. an employee for a customer's
// manager). Each call makes new rows in the caller's own tenant; behaviour is asserted through HTTP only.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.js';
import { nowTimestamp } from '../../src/values/formats.js';
import { forTenant } from '../../src/db/tenant-scope.js';
import { standardDepartmentId } from '../../src/modules/departments/departments.repository.js';

const suffix = () => crypto.randomBytes(3).toString('hex');

export async function seedPriceGroup(db: Kysely<DB>, tenantId: number, name = `PG-${suffix()}`) {
  const now = nowTimestamp();
  await db
    .insertInto('price_groups')
    .values({ tenant_id: tenantId, name, number: null, status: true, description: null, created: now, modified: now })
    .execute();
  return name;
}

export async function seedEmployee(db: Kysely<DB>, tenantId: number, values: Partial<DB['employees']> = {}) {
  const now = nowTimestamp();
  const username = (values.username as string) ?? `user.${suffix()}`;
  const row = await db
    .insertInto('employees')
    .values({
      tenant_id: tenantId,
      username,
      firstname: 'Max',
      lastname: 'Mustermann',
      department_id: await standardDepartmentId(forTenant(db, tenantId)),
      employment: 0,
      rights: 0,
      created: now,
      modified: now,
      ...(values as object),
    } as any)
    .returningAll()
    .executeTakeFirstOrThrow();
  return row;
}

export async function seedCustomer(db: Kysely<DB>, tenantId: number, values: Partial<DB['customers']> = {}) {
  const now = nowTimestamp();
  return db
    .insertInto('customers')
    .values({
      tenant_id: tenantId,
      customer_number: `C-${suffix()}`,
      name: 'Customer',
      currency: 'EUR',
      inactive: false,
      department_id: await standardDepartmentId(forTenant(db, tenantId)),
      created: now,
      modified: now,
      ...(values as object),
    } as any)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A price table with prices (price groups are created as needed). */
export async function seedPriceTable(
  db: Kysely<DB>,
  tenantId: number,
  owner: { level: 'base' } | { level: 'customer'; customer_number: string } | { level: 'project'; project_id: number },
  prices: { price_group?: string; price: number; type?: string; activity?: string | null }[] = [{ price: 100 }],
  start_date: string | null = null,
) {
  const now = nowTimestamp();
  const table = await db
    .insertInto('price_tables')
    .values({
      tenant_id: tenantId,
      level: owner.level,
      customer_number: owner.level === 'customer' ? owner.customer_number : null,
      project_id: owner.level === 'project' ? owner.project_id : null,
      start_date,
      created: now,
      modified: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  for (const p of prices) {
    const group = p.price_group ?? (await seedPriceGroup(db, tenantId));
    const exists = await db
      .selectFrom('price_groups')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('name', '=', group)
      .executeTakeFirst();
    if (!exists) await seedPriceGroup(db, tenantId, group);
    await db
      .insertInto('prices')
      .values({
        tenant_id: tenantId,
        price_table_id: Number(table.id),
        price_group: group,
        price: p.price,
        type: p.type ?? 'basehour',
        activity: p.activity ?? null,
        ahr_factor: null,
      })
      .execute();
  }
  return table;
}
