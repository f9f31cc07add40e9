// Customer (contract "Customer", POST /customers body; docs/api/customers.md for limits and the update body).
// Addresses and managers are managed nested in the customer body: a submitted array replaces the set.
import { Type, type Static } from '@sinclair/typebox';
import {
  DateOnly,
  DateTimeOut,
  IntIdName,
  MAX_ID,
  Nullable,
  Opt,
  Currency,
  RecordAuthors,
} from '../../http/schemas.js';
import { listQuery } from '../../http/list/index.js';
import { Category } from '../categories/categories.schemas.js';
import { DynamicAttributeValue, DynamicAttributesInput } from '../dynamic-attributes/dynamic-attributes.schemas.js';
import { PriceTable } from '../price-tables/price-tables.schemas.js';

/** E-invoicing formats of an address (our ids; the contract names ZUGFeRD1 as an example). */
export const INVOICE_VERSIONS: Record<number, string> = { 1: 'ZUGFeRD1', 2: 'ZUGFeRD2', 3: 'XRechnung' };

export const CustomerAddress = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  address: Nullable(Type.String()),
  address_line_2: Nullable(Type.String()),
  address_line_3: Nullable(Type.String()),
  zip_code: Nullable(Type.String()),
  city: Nullable(Type.String()),
  country: Nullable(Type.String()),
  email: Nullable(Type.String()),
  email_cc: Nullable(Type.String()),
  email_bcc: Nullable(Type.String()),
  country_code: Nullable(Type.String()),
  is_default: Nullable(Type.Boolean()),
  is_billing_address: Nullable(Type.Boolean()),
  is_shipping_address: Nullable(Type.Boolean()),
  inactive: Nullable(Type.Boolean()),
  machine_readable_invoice_version: Nullable(IntIdName()),
});
export type CustomerAddressT = Static<typeof CustomerAddress>;

export const Manager = Type.Object({
  username: Type.String(),
  has_edit_customer_data_permission: Nullable(Type.Boolean()),
  has_budget_responsibility_permission: Nullable(Type.Boolean()),
  is_primary_employee: Nullable(Type.Boolean()),
});
export type ManagerT = Static<typeof Manager>;

const Status = Type.Object(
  { value: Type.Integer({ enum: [0, 1] }), label: Type.String() },
  { description: 'Deprecated (sunset 2027-08-31): use `inactive`.' },
);

const customerFields = {
  customer_number: Type.String(),
  name: Nullable(Type.String()),
  additional_name: Nullable(Type.String()),
  website: Nullable(Type.String()),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  fax: Nullable(Type.String()),
  currency: Nullable(Type.String()),
  comments: Nullable(Type.String()),
  industry: Nullable(Type.String()),
  vat: Nullable(Type.String({ description: 'Percentage as decimal text, e.g. "19.0000".' })),
  tax_number: Nullable(Type.String()),
  iban: Nullable(Type.String()),
  bic: Nullable(Type.String()),
  payment_target: Nullable(Type.String({ description: 'Days to pay (contract: string).' })),
  payment_target_discount: Nullable(Type.Integer()),
  inactive: Type.Boolean(),
  status: Status,
  created: Nullable(DateTimeOut()),
  modified: Nullable(DateTimeOut()),
  ...RecordAuthors,
  billing_procedure: Nullable(Type.Boolean()),
  automated_invoicing: Nullable(Type.Boolean()),
  debit_payment: Nullable(Type.Boolean()),
  department_id: Type.Integer(),
  travel_expense_flat_per_day: Nullable(Type.Integer()),
  travel_expense_flat_per_journey: Nullable(Type.Integer()),
  categories: Type.Array(Category),
  dynamicAttributes: Type.Array(DynamicAttributeValue),
};
const CustomerBase = Type.Object(customerFields);
export type CustomerBaseT = Static<typeof CustomerBase>;

/** Detail, create and update responses. */
export const Customer = Type.Object({
  ...customerFields,
  addresses: Type.Array(CustomerAddress),
  managers: Type.Array(Manager),
  priceTables: Type.Array(PriceTable, {
    description: "The customer's own price tables, otherwise the tenant's base tables.",
  }),
});
export type CustomerT = Static<typeof Customer>;

/** List items: counts instead of addresses, managers and price tables. */
export const CustomerListItem = Type.Object({
  ...customerFields,
  addresses_count: Type.Integer(),
  managers_count: Type.Integer(),
  categories_count: Type.Integer(),
  dynamicAttributes_count: Type.Integer(),
  contacts_count: Type.Integer(),
});
export type CustomerListItemT = Static<typeof CustomerListItem>;

const Email = (maxLength = 320) => Type.String({ format: 'email', maxLength });

/** An address in a customer body: with `id` it updates that address (only submitted fields), without it creates one. */
export const AddressInput = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
  address: Opt(Type.String({ maxLength: 255 })),
  address_line_2: Opt(Type.String({ maxLength: 255 })),
  address_line_3: Opt(Type.String({ maxLength: 255 })),
  zip_code: Opt(Type.String({ maxLength: 16 })),
  city: Opt(Type.String({ maxLength: 120 })),
  country: Opt(Type.String({ maxLength: 120 })),
  email: Opt(Email()),
  email_cc: Opt(Type.String({ maxLength: 1000 })),
  email_bcc: Opt(Type.String({ maxLength: 1000 })),
  country_code: Opt(Type.String({ pattern: '^[A-Z]{2}$', maxLength: 2, description: 'ISO 3166-1 alpha-2' })),
  is_default: Opt(Type.Boolean()),
  is_billing_address: Opt(Type.Boolean()),
  is_shipping_address: Opt(Type.Boolean()),
  inactive: Opt(Type.Boolean()),
  machine_readable_invoice_version: Opt(
    Type.Integer({
      minimum: 1,
      maximum: Object.keys(INVOICE_VERSIONS).length,
      description: '1 ZUGFeRD1, 2 ZUGFeRD2, 3 XRechnung',
    }),
  ),
});
export type AddressInputT = Static<typeof AddressInput>;

export const ManagerInput = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 255 }),
  has_edit_customer_data_permission: Opt(Type.Boolean()),
  has_budget_responsibility_permission: Opt(Type.Boolean()),
  is_primary_employee: Opt(Type.Boolean()),
});
export type ManagerInputT = Static<typeof ManagerInput>;

const writable = {
  department_id: Opt(
    Type.Integer({
      minimum: 1,
      maximum: MAX_ID,
      description: 'Defaults to the standard department when omitted or null.',
    }),
  ),
  additional_name: Opt(Type.String({ maxLength: 120 })),
  website: Opt(Type.String({ maxLength: 120 })),
  email: Opt(Email()),
  phone: Opt(Type.String({ maxLength: 32 })),
  fax: Opt(Type.String({ maxLength: 32 })),
  comments: Opt(Type.String({ maxLength: 10000 })),
  industry: Opt(Type.String({ maxLength: 32 })),
  vat: Opt(Type.Number({ minimum: 0, maximum: 100, description: 'Percentage.' })),
  tax_number: Opt(Type.String({ maxLength: 32 })),
  iban: Opt(Type.String({ maxLength: 34 })),
  bic: Opt(Type.String({ maxLength: 11 })),
  payment_target: Opt(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  payment_target_discount: Opt(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  inactive: Opt(Type.Boolean()),
  billing_procedure: Opt(Type.Boolean()),
  automated_invoicing: Opt(Type.Boolean()),
  debit_payment: Opt(Type.Boolean()),
  travel_expense_flat_per_day: Opt(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  travel_expense_flat_per_journey: Opt(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  dynamicAttributes: Type.Optional(Nullable(DynamicAttributesInput)),
  categories: Opt(
    Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 200, description: 'Category names.' }),
  ),
  status: Type.Optional(
    Type.Unknown({ description: 'Deprecated: 1 active, 0 inactive. `inactive` wins; any other value is ignored.' }),
  ),
  addresses: Opt(
    Type.Array(AddressInput, {
      maxItems: 100,
      description: 'Replaces the set: listed ids are kept and updated, others deleted, items without id created.',
    }),
  ),
  managers: Opt(Type.Array(ManagerInput, { maxItems: 100, description: 'Replaces the set of managers.' })),
};

const CustomerNumber = Type.String({ minLength: 1, maxLength: 32 });

export const CustomerCreate = Type.Object({
  customer_number: CustomerNumber,
  name: Type.String({ minLength: 1, maxLength: 120 }),
  currency: Currency(),
  ...writable,
});
export const CustomerUpdate = Type.Object({
  customer_number: Type.Optional(CustomerNumber),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
  currency: Type.Optional(Currency()),
  ...writable,
});
export type CustomerCreateT = Static<typeof CustomerCreate>;
export type CustomerUpdateT = Static<typeof CustomerUpdate>;

const Flag = Type.String({ enum: ['true', 'false', '1', '0'] });

export const CustomerListQuery = listQuery({
  start_date: Type.Optional(
    DateOnly({
      description: 'Customers active on or after this date: still active, or inactive and modified on or after it.',
    }),
  ),
  end_date: Type.Optional(DateOnly({ description: 'Customers that existed on this date: created on or before it.' })),
  'customer_number[]': Type.Optional(Type.Array(Type.String({ maxLength: 255 }), { maxItems: 200 })),
  inactive: Type.Optional(Flag),
  status: Type.Optional(
    Type.String({
      maxLength: 32,
      description: 'Deprecated: 1 active, 0 inactive; other values are ignored; `inactive` wins.',
    }),
  ),
});
