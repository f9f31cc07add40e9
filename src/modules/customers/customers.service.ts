// Customer writes and reads beyond plain SQL: body checks (references looked up inside the tenant -> 422 on the
// field), the deprecated `status` alias, the nested address/manager sets, and loading relations per page.
import type { TenantDb } from '../../db/tenant-scope.js';
import type { Tenant } from '../../tenancy/tenants.js';
import { ErrorBag, notFound, validationError } from '../../values/errors.js';
import { existingValues, existsInTenant } from '../../db/lookup.js';
import { checkUnique } from '../crud/index.js';
import {
  clearCategories,
  loadCategories,
  resolveCategoryIds,
  setCategories,
} from '../categories/category-links.repository.js';
import {
  clearDynamicAttributes,
  loadDynamicAttributes,
  setDynamicAttributes,
  type ResolvedAttributes,
} from '../dynamic-attributes/dynamic-attribute-values.repository.js';
import { resolveDynamicAttributes } from '../dynamic-attributes/dynamic-attribute-values.service.js';
import { standardDepartmentId } from '../departments/departments.repository.js';
import { customerPriceTables, deletePriceTablesOf } from '../price-tables/price-tables.repository.js';
import type { CustomerCreateT, CustomerListItemT, CustomerT, CustomerUpdateT } from './customers.schemas.js';
import {
  customerReferences,
  deleteCustomerRow,
  findCustomer,
  findCustomerById,
  insertCustomer,
  toCustomerBase,
  updateCustomer,
  type CustomerColumns,
  type CustomerRow,
} from './customers.repository.js';
import {
  addressIds,
  countOwned,
  deleteAddressesAndManagers,
  loadAddresses,
  loadManagers,
  replaceAddresses,
  replaceManagers,
} from './customer-relations.repository.js';
import { deleteContactsOf } from './contacts.repository.js';

/** The customer of this tenant with this number, or 404. */
export async function requireCustomer(db: TenantDb, customerNumber: string) {
  const row = await findCustomer(db, customerNumber);
  if (!row) throw notFound('Customer');
  return row;
}

/** Deprecated `status`: 1 active, 0 inactive (number or numeric text); anything else is ignored. */
export function parseStatus(value: unknown): boolean | undefined {
  if (value === 1 || value === '1') return false;
  if (value === 0 || value === '0') return true;
  return undefined;
}

/** The requested `inactive` state: an explicit `inactive` wins over the deprecated `status`. */
export const requestedInactive = (body: { inactive?: boolean | null; status?: unknown }): boolean | undefined =>
  body.inactive !== undefined && body.inactive !== null ? body.inactive : parseStatus(body.status);

interface Resolved {
  columns: CustomerColumns;
  categoryIds?: number[];
  attributes?: ResolvedAttributes;
}

const PLAIN_FIELDS = [
  'customer_number',
  'name',
  'currency',
  'additional_name',
  'website',
  'email',
  'phone',
  'fax',
  'comments',
  'industry',
  'vat',
  'tax_number',
  'iban',
  'bic',
  'payment_target',
  'payment_target_discount',
  'billing_procedure',
  'automated_invoicing',
  'debit_payment',
  'travel_expense_flat_per_day',
  'travel_expense_flat_per_journey',
] as const;

/** Validate a create/update body against the tenant's data; collects every failing field, then throws 422. */
async function resolveBody(db: TenantDb, body: CustomerUpdateT, current?: CustomerRow): Promise<Resolved> {
  const errors = new ErrorBag();
  const columns: Record<string, unknown> = {};
  for (const f of PLAIN_FIELDS) if (body[f] !== undefined) columns[f] = body[f];
  const inactive = requestedInactive(body);
  if (inactive !== undefined) columns.inactive = inactive;

  if (body.customer_number !== undefined && body.customer_number !== current?.customer_number) {
    await checkUnique(db, errors, 'customers', 'customer_number', body.customer_number);
  }
  if (body.department_id !== undefined) {
    if (body.department_id === null) columns.department_id = await standardDepartmentId(db);
    else if (!(await existsInTenant(db, 'departments', 'id', body.department_id)))
      errors.add('department_id', 'The selected department id is invalid.');
    else columns.department_id = body.department_id;
  } else if (!current) columns.department_id = await standardDepartmentId(db);

  if (body.managers) {
    const names = body.managers.map((m) => m.username);
    const known = await existingValues(db, 'employees', 'username', names);
    body.managers.forEach((m, i) => {
      if (!known.has(m.username))
        errors.add(`managers.${i}.username`, `The selected username "${m.username}" is invalid.`);
      else if (names.indexOf(m.username) !== i)
        errors.add(`managers.${i}.username`, `The employee "${m.username}" is listed twice.`);
    });
  }
  if (body.addresses) {
    const own = current ? await addressIds(db, Number(current.id)) : new Set<number>();
    body.addresses.forEach((a, i) => {
      if (a.id !== undefined && !own.has(a.id))
        errors.add(`addresses.${i}.id`, 'The selected address id is not an address of this customer.');
      if (a.id === undefined && a.name === undefined) errors.add(`addresses.${i}.name`, 'The name field is required.');
    });
  }
  const out: Resolved = { columns: columns as CustomerColumns };
  if (body.categories !== undefined)
    out.categoryIds = await errors.collect(() => resolveCategoryIds(db, body.categories ?? []));
  if (body.dynamicAttributes)
    out.attributes = await errors.collect(() => resolveDynamicAttributes(db, 'customer', body.dynamicAttributes!));
  errors.throwIfAny();
  return out;
}

/** Relations written with the customer row, in its transaction. */
async function writeRelations(trx: TenantDb, id: number, body: CustomerUpdateT, r: Resolved): Promise<void> {
  if (r.categoryIds !== undefined) await setCategories(trx, 'customer', id, r.categoryIds);
  if (r.attributes) await setDynamicAttributes(trx, 'customer', id, r.attributes);
  if (body.addresses !== undefined) await replaceAddresses(trx, id, body.addresses ?? []);
  if (body.managers !== undefined) await replaceManagers(trx, id, body.managers ?? []);
}

export async function createCustomer(db: TenantDb, body: CustomerCreateT): Promise<number> {
  const r = await resolveBody(db, body);
  return db.transaction(async (trx) => {
    const id = await insertCustomer(
      trx,
      r.columns as CustomerColumns & { customer_number: string; department_id: number },
    );
    await writeRelations(trx, id, body, r);
    return id;
  });
}

export async function changeCustomer(db: TenantDb, current: CustomerRow, body: CustomerUpdateT): Promise<void> {
  const r = await resolveBody(db, body, current);
  await db.transaction(async (trx) => {
    await updateCustomer(trx, Number(current.id), r.columns);
    await writeRelations(trx, Number(current.id), body, r);
  });
}

/** Refused (422 naming the referencing records) while other records reference the customer. */
export async function removeCustomer(db: TenantDb, current: CustomerRow): Promise<void> {
  const id = Number(current.id);
  const refs = await customerReferences(db, { id, customer_number: current.customer_number });
  if (refs.length > 0)
    throw validationError({ customer_number: refs.map((r) => `The customer is still referenced by ${r}.`) });
  await db.transaction(async (trx) => {
    await clearCategories(trx, 'customer', id);
    await clearDynamicAttributes(trx, 'customer', id);
    await deleteContactsOf(trx, id);
    await deleteAddressesAndManagers(trx, id);
    await deletePriceTablesOf(trx, { level: 'customer', customer_number: current.customer_number });
    await deleteCustomerRow(trx, id);
  });
}

/** Detail/create/update shape: addresses, managers, categories, dynamic attributes and price tables loaded. */
export async function customerDetail(db: TenantDb, tenant: Tenant, rowOrId: CustomerRow | number): Promise<CustomerT> {
  const row = typeof rowOrId === 'number' ? await findCustomerById(db, rowOrId) : rowOrId;
  const id = Number(row.id);
  const [categories, attributes, addresses, managers, priceTables] = await Promise.all([
    loadCategories(db, 'customer', [id]),
    loadDynamicAttributes(db, 'customer', [id]),
    loadAddresses(db, id),
    loadManagers(db, id),
    customerPriceTables(db, tenant, row.customer_number),
  ]);
  return {
    ...toCustomerBase(row, tenant.language, categories.get(id) ?? [], attributes.get(id) ?? []),
    addresses,
    managers,
    priceTables,
  };
}

/** List items of one page: relations and counts loaded in a fixed number of queries. */
export async function customerListItems(
  db: TenantDb,
  tenant: Tenant,
  rows: CustomerRow[],
): Promise<CustomerListItemT[]> {
  const ids = rows.map((r) => Number(r.id));
  const [categories, attributes, addresses, managers, contacts] = await Promise.all([
    loadCategories(db, 'customer', ids),
    loadDynamicAttributes(db, 'customer', ids),
    countOwned(db, 'customer_addresses', ids),
    countOwned(db, 'customer_managers', ids),
    countOwned(db, 'customer_contacts', ids),
  ]);
  return rows.map((row) => {
    const id = Number(row.id);
    const cats = categories.get(id) ?? [];
    const attrs = attributes.get(id) ?? [];
    return {
      ...toCustomerBase(row, tenant.language, cats, attrs),
      addresses_count: addresses.get(id) ?? 0,
      managers_count: managers.get(id) ?? 0,
      categories_count: cats.length,
      dynamicAttributes_count: attrs.length,
      contacts_count: contacts.get(id) ?? 0,
    };
  });
}
