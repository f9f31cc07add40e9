// SQL for customers; every query is scoped by tenant. The key is the customer number.
import type { Authored } from '../../db/columns.js';
import type { Selectable } from 'kysely';
import { preparedFirst } from '../../db/prepared.js';
import type { TenantDb } from '../../db/tenant-scope.js';
import { authorsOf } from '../../db/row-mapping.js';
import { findReferences } from '../../db/references.js';
import type { CustomersTable } from './customers.tables.js';
import type { ListSpec } from '../../db/list-spec.js';
import { addDays, decimalText, nowTimestamp, outTimestamp, toBool } from '../../values/formats.js';
import type { CategoryT } from '../categories/categories.schemas.js';
import type { DynamicAttributeValueT } from '../dynamic-attributes/dynamic-attributes.schemas.js';
import type { CustomerBaseT } from './customers.schemas.js';

export type CustomerRow = Selectable<CustomersTable>;

/** Sortable: the key, every writable field and created/modified (contract list conventions). */
export const customerListSpec: ListSpec = {
  key: ['customer_number'],
  sortColumns: { status: { column: 'inactive', inverted: true } },
  sortable: {
    customer_number: 'customer_number',
    inactive: 'inactive',
    department_id: 'department_id',
  },
};

export interface CustomerFilters {
  start_date?: string;
  end_date?: string;
  customer_numbers?: string[];
  inactive?: boolean;
}

/**
 * `end_date`: the customer existed by then (created on or before it; unknown creation counts as always).
 * `start_date`: the customer was not already inactive before it (active now, or inactive and last modified on or
 * after it — the deactivation cannot be older than the last modification). Together: active within the range.
 */
export function listCustomers(db: TenantDb, f: CustomerFilters) {
  let q = db.selectFrom('customers').selectAll();
  if (f.customer_numbers !== undefined)
    q = q.where('customer_number', 'in', f.customer_numbers.length ? f.customer_numbers : ['']);
  if (f.inactive !== undefined) q = q.where('inactive', '=', f.inactive);
  if (f.end_date !== undefined)
    q = q.where((eb) => eb.or([eb('created', 'is', null), eb('created', '<', `${addDays(f.end_date!, 1)} 00:00:00`)]));
  if (f.start_date !== undefined)
    q = q.where((eb) => eb.or([eb('inactive', '=', false), eb('modified', '>=', `${f.start_date} 00:00:00`)]));
  return q;
}

const customerByNumber = preparedFirst((db, p: { customerNumber: string }) =>
  db.selectFrom('customers').selectAll().where('customer_number', '=', p.customerNumber),
);
export const findCustomer = (db: TenantDb, customerNumber: string) => customerByNumber(db, { customerNumber });

/** Column values of a customer write (request fields already resolved by the service). */
export type CustomerColumns = Partial<Omit<CustomerRow, 'tenant_id' | 'id' | 'created' | 'modified' | keyof Authored>>;

export async function insertCustomer(
  db: TenantDb,
  values: CustomerColumns & { customer_number: string; department_id: number },
): Promise<number> {
  const now = nowTimestamp();
  const row = await db
    .insertInto('customers', { inactive: false, ...values, created: now, modified: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateCustomer(db: TenantDb, id: number, values: CustomerColumns): Promise<void> {
  await db
    .updateTable('customers')
    .set({ ...values, modified: nowTimestamp() })
    .where('id', '=', id)
    .execute();
}

export const findCustomerById = (db: TenantDb, id: number) =>
  db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export async function deleteCustomerRow(db: TenantDb, id: number): Promise<void> {
  await db.deleteFrom('customers').where('id', '=', id).execute();
}

/** Status label in the tenant's language (contract: the label is translated and must not be evaluated). */
export function statusLabel(active: boolean, language: string): string {
  if (language === 'de') return active ? 'Aktiv' : 'Inaktiv';
  return active ? 'Active' : 'Inactive';
}

export function toCustomerBase(
  row: CustomerRow,
  language: string,
  categories: CategoryT[],
  dynamicAttributes: DynamicAttributeValueT[],
): CustomerBaseT {
  const inactive = toBool(row.inactive) ?? false;
  return {
    customer_number: row.customer_number,
    name: row.name,
    additional_name: row.additional_name,
    website: row.website,
    email: row.email,
    phone: row.phone,
    fax: row.fax,
    currency: row.currency,
    comments: row.comments,
    industry: row.industry,
    vat: decimalText(row.vat, 4),
    tax_number: row.tax_number,
    iban: row.iban,
    bic: row.bic,
    payment_target: row.payment_target === null ? null : String(row.payment_target),
    payment_target_discount: row.payment_target_discount === null ? null : Number(row.payment_target_discount),
    inactive,
    status: { value: inactive ? 0 : 1, label: statusLabel(!inactive, language) },
    created: outTimestamp(row.created),
    modified: outTimestamp(row.modified),
    ...authorsOf(row),
    billing_procedure: toBool(row.billing_procedure),
    automated_invoicing: toBool(row.automated_invoicing),
    debit_payment: toBool(row.debit_payment),
    department_id: Number(row.department_id),
    travel_expense_flat_per_day:
      row.travel_expense_flat_per_day === null ? null : Number(row.travel_expense_flat_per_day),
    travel_expense_flat_per_journey:
      row.travel_expense_flat_per_journey === null ? null : Number(row.travel_expense_flat_per_journey),
    categories,
    dynamicAttributes,
  };
}

/**
 * Names of the kinds of records that still reference the customer (empty when it may be deleted). What the customer
 * owns (addresses, managers, contacts, its own price tables, category links, attribute values) is not a reference:
 * it is deleted with the customer.
 */
export async function customerReferences(
  db: TenantDb,
  customer: { id: number; customer_number: string },
): Promise<string[]> {
  return findReferences(db, 'customers', customer);
}
