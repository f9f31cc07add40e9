// SQL for customer contacts; every query is scoped by tenant and customer.
import type { TenantDb } from '../../db/tenant-scope.js';
import type { ListSpec } from '../../db/list-spec.js';
import { nowTimestamp, outTimestamp, toBool } from '../../values/formats.js';
import type { CategoryT } from '../categories/categories.schemas.js';
import type { ContactT, ContactUpdateT } from './contacts.schemas.js';
import { authorsOf } from '../../db/row-mapping.js';

export const contactListSpec: ListSpec = {
  key: ['c.id'],
  sortable: {
    id: 'c.id',
    first_name: 'c.first_name',
    last_name: 'c.last_name',
    email: { column: 'c.email', nullable: true },
    primary: 'c.is_primary',
    inactive: 'c.inactive',
    created: { column: 'c.created', nullable: true },
    modified: { column: 'c.modified', nullable: true },
  },
  modified: 'c.modified',
};

export function listContacts(db: TenantDb, customerId: number) {
  return db
    .selectFrom('customer_contacts as c')
    .leftJoin('departments as d', (j) =>
      j.onRef('d.tenant_id', '=', 'c.tenant_id').onRef('d.id', '=', 'c.department_id'),
    )
    .selectAll('c')
    .select('d.name as department_name')
    .where('c.customer_id', '=', customerId);
}
export type ContactRow = Awaited<ReturnType<ReturnType<typeof listContacts>['executeTakeFirstOrThrow']>>;

export const findContact = (db: TenantDb, customerId: number, id: number) =>
  listContacts(db, customerId).where('c.id', '=', id).executeTakeFirst();

/** Request fields -> columns (`primary` is stored as is_primary; categories are written separately). */
function columns(body: ContactUpdateT) {
  const { primary, inactive, categories: _categories, ...rest } = body;
  return {
    ...rest,
    ...(primary !== undefined ? { is_primary: primary ?? false } : {}),
    ...(inactive !== undefined ? { inactive: inactive ?? false } : {}),
  };
}

export async function insertContact(
  db: TenantDb,
  customerId: number,
  body: ContactUpdateT & { first_name: string; last_name: string },
) {
  const now = nowTimestamp();
  const row = await db
    .insertInto('customer_contacts', {
      is_primary: false,
      inactive: false,
      ...columns(body),
      first_name: body.first_name,
      last_name: body.last_name,
      customer_id: customerId,
      created: now,
      modified: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateContact(db: TenantDb, id: number, body: ContactUpdateT) {
  await db
    .updateTable('customer_contacts')
    .set({ ...columns(body), modified: nowTimestamp() })
    .where('id', '=', id)
    .execute();
}

/** Contacts with their category links and attribute values (they have no foreign key to clean up after them). */
async function deleteContactRows(db: TenantDb, ids: number[]) {
  if (ids.length === 0) return;
  for (const table of ['category_links', 'dynamic_attribute_values'] as const) {
    await db.deleteFrom(table).where('entity_type', '=', 'contact').where('entity_id', 'in', ids).execute();
  }
  await db.deleteFrom('customer_contacts').where('id', 'in', ids).execute();
}

export const deleteContact = (db: TenantDb, id: number) => deleteContactRows(db, [id]);

/** Every contact of a customer (customer delete). */
export async function deleteContactsOf(db: TenantDb, customerId: number) {
  const rows = await db.selectFrom('customer_contacts').select('id').where('customer_id', '=', customerId).execute();
  await deleteContactRows(
    db,
    rows.map((r) => Number(r.id)),
  );
}

export function toContact(row: ContactRow, customerNumber: string, categories: CategoryT[]): ContactT {
  return {
    id: Number(row.id),
    customer_number: customerNumber,
    first_name: row.first_name,
    last_name: row.last_name,
    salutation: row.salutation,
    title: row.title,
    phone: row.phone,
    mobile: row.mobile,
    fax: row.fax,
    email: row.email,
    primary: toBool(row.is_primary) ?? false,
    job_title: row.job_title,
    language: row.language,
    inactive: toBool(row.inactive) ?? false,
    department: row.department_id === null ? null : { id: Number(row.department_id), name: row.department_name ?? '' },
    categories,
    created: outTimestamp(row.created),
    modified: outTimestamp(row.modified),
    ...authorsOf(row),
  };
}
