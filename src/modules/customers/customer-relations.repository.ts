// SQL for what a customer owns besides contacts: addresses and managers. Batch loads and counts per page
// (no N+1); writes replace the submitted set inside the customer's transaction.
import { rowMapper } from '../../db/row-mapping.js';
import type { Selectable } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import type { CustomerAddressesTable } from './customers.tables.js';
import { toBool } from '../../values/formats.js';
import { countPerOwner } from '../../db/lookup.js';
import {
  CustomerAddress,
  INVOICE_VERSIONS,
  type AddressInputT,
  type CustomerAddressT,
  type ManagerInputT,
  type ManagerT,
} from './customers.schemas.js';

type OwnedTable = 'customer_addresses' | 'customer_managers' | 'customer_contacts';

/** Rows per customer for one owned table: Map<customerId, count>. */
export const countOwned = (db: TenantDb, table: OwnedTable, customerIds: readonly number[]) =>
  countPerOwner(db, table, 'customer_id', customerIds);

export const toAddress: (r: Selectable<CustomerAddressesTable>) => CustomerAddressT = rowMapper(CustomerAddress, {
  convert: {
    machine_readable_invoice_version: (v: number | null) =>
      v === null ? null : { id: Number(v), name: INVOICE_VERSIONS[Number(v)] ?? String(v) },
  },
});

const addressRows = prepared((db, p: { customerId: number }) =>
  db.selectFrom('customer_addresses').selectAll().where('customer_id', '=', p.customerId).orderBy('id'),
);
export const loadAddresses = async (db: TenantDb, customerId: number) =>
  (await addressRows(db, { customerId })).map(toAddress);

const managerRows = prepared((db, p: { customerId: number }) =>
  db.selectFrom('customer_managers').selectAll().where('customer_id', '=', p.customerId).orderBy('username'),
);

export async function loadManagers(db: TenantDb, customerId: number): Promise<ManagerT[]> {
  const rows = await managerRows(db, { customerId });
  return rows.map((r) => ({
    username: r.username,
    has_edit_customer_data_permission: toBool(r.has_edit_customer_data_permission),
    has_budget_responsibility_permission: toBool(r.has_budget_responsibility_permission),
    is_primary_employee: toBool(r.is_primary_employee),
  }));
}

/** Ids of a customer's addresses (to check the ids a body refers to). */
export const addressIds = async (db: TenantDb, customerId: number) =>
  new Set(
    (await db.selectFrom('customer_addresses').select('id').where('customer_id', '=', customerId).execute()).map((r) =>
      Number(r.id),
    ),
  );

/** Replace the address set: listed ids are updated (submitted fields only), others deleted, new items inserted. */
export async function replaceAddresses(db: TenantDb, customerId: number, items: AddressInputT[]): Promise<void> {
  const keep = items.filter((a) => a.id !== undefined).map((a) => a.id!);
  let del = db.deleteFrom('customer_addresses').where('customer_id', '=', customerId);
  if (keep.length > 0) del = del.where('id', 'not in', keep);
  await del.execute();
  for (const { id, ...fields } of items) {
    if (id !== undefined) {
      if (Object.keys(fields).length > 0) {
        await db
          .updateTable('customer_addresses')
          .set(fields)
          .where('customer_id', '=', customerId)
          .where('id', '=', id)
          .execute();
      }
    } else {
      await db.insertInto('customer_addresses', { ...fields, name: fields.name!, customer_id: customerId }).execute();
    }
  }
}

export async function replaceManagers(db: TenantDb, customerId: number, items: ManagerInputT[]): Promise<void> {
  await db.deleteFrom('customer_managers').where('customer_id', '=', customerId).execute();
  if (items.length === 0) return;
  await db
    .insertInto(
      'customer_managers',
      items.map((m) => ({
        customer_id: customerId,
        username: m.username,
        has_edit_customer_data_permission: m.has_edit_customer_data_permission ?? null,
        has_budget_responsibility_permission: m.has_budget_responsibility_permission ?? null,
        is_primary_employee: m.is_primary_employee ?? null,
      })),
    )
    .execute();
}

/** What a deleted customer owned: its addresses and its managers. */
export async function deleteAddressesAndManagers(db: TenantDb, customerId: number): Promise<void> {
  await db.deleteFrom('customer_addresses').where('customer_id', '=', customerId).execute();
  await db.deleteFrom('customer_managers').where('customer_id', '=', customerId).execute();
}
