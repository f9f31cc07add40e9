// Contacts of a customer beyond plain SQL: the department and categories a body names are looked up inside the
// tenant (422 on the field), and a contact is written with its categories in one transaction.
import type { TenantDb } from '../../db/tenant-scope.js';
import { existsInTenant } from '../../db/lookup.js';
import { ErrorBag, notFound } from '../../values/errors.js';
import { loadCategories, resolveCategoryIds, setCategories } from '../categories/category-links.repository.js';
import type { ContactT, ContactUpdateT } from './contacts.schemas.js';
import {
  deleteContact,
  findContact,
  insertContact,
  toContact,
  updateContact,
  type ContactRow,
} from './contacts.repository.js';
import type { CustomerRow } from './customers.repository.js';

/** Contacts of a page with their categories (one query for the categories). */
export async function contactsWithCategories(
  db: TenantDb,
  customer: CustomerRow,
  rows: ContactRow[],
): Promise<ContactT[]> {
  const categories = await loadCategories(
    db,
    'contact',
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => toContact(r, customer.customer_number, categories.get(Number(r.id)) ?? []));
}

/** The contact of this customer, or 404. */
export async function requireContact(db: TenantDb, customer: CustomerRow, id: number): Promise<ContactRow> {
  const row = await findContact(db, Number(customer.id), id);
  if (!row) throw notFound('Contact');
  return row;
}

/** Department and categories are looked up inside the tenant; unknown ones are 422 on their field. */
async function checkContactBody(db: TenantDb, body: ContactUpdateT): Promise<number[] | undefined> {
  const errors = new ErrorBag();
  if (
    body.department_id !== undefined &&
    body.department_id !== null &&
    !(await existsInTenant(db, 'departments', 'id', body.department_id))
  ) {
    errors.add('department_id', 'The selected department id is invalid.');
  }
  const categoryIds =
    body.categories !== undefined
      ? await errors.collect(() => resolveCategoryIds(db, body.categories ?? []))
      : undefined;
  errors.throwIfAny();
  return categoryIds;
}

/** Create (no current contact) or update a contact with its categories; returns its id. */
export async function writeContact(
  db: TenantDb,
  customer: CustomerRow,
  body: ContactUpdateT,
  current?: ContactRow,
): Promise<number> {
  const categoryIds = await checkContactBody(db, body);
  return db.transaction(async (trx) => {
    const id = current
      ? Number(current.id)
      : await insertContact(
          trx,
          Number(customer.id),
          body as ContactUpdateT & { first_name: string; last_name: string },
        );
    if (current) await updateContact(trx, id, body);
    if (categoryIds) await setCategories(trx, 'contact', id, categoryIds);
    return id;
  });
}

export const removeContact = (db: TenantDb, contact: ContactRow): Promise<void> =>
  db.transaction((trx) => deleteContact(trx, Number(contact.id)));
