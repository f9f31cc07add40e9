// Demo customers: three customers with addresses and contacts, a category, the tenant's base price table and
// one customer price table. Built through the same services the API uses.
import type { TenantDb } from '../db/tenant-scope.js';
import type { Tenant } from '../tenancy/tenants.js';
import { findRow, insertRow } from '../modules/crud/index.js';
import { findCategory, insertCategory } from '../modules/categories/categories.repository.js';
import { createCustomer } from '../modules/customers/customers.service.js';
import { findCustomer } from '../modules/customers/customers.repository.js';
import { insertContact } from '../modules/customers/contacts.repository.js';
import { createPriceTable } from '../modules/price-tables/price-tables.service.js';

const CATEGORY = 'Key account';

async function ensurePriceGroup(db: TenantDb, name: string) {
  if (!(await findRow(db, 'price_groups', 'name', name)))
    await insertRow(db, 'price_groups', { name, number: null, status: true, description: null });
}

async function ensureCategory(db: TenantDb) {
  if (!(await findCategory(db, CATEGORY)))
    await insertCategory(db, {
      name: CATEGORY,
      type: 'customer',
      description: { de: 'Schlüsselkunde', en: 'Key account' },
    });
}

export async function demoCustomers(db: TenantDb, tenant: Tenant): Promise<void> {
  if (await findCustomer(db, '1001')) return;
  await ensurePriceGroup(db, 'Junior');
  await ensurePriceGroup(db, 'Senior');
  await ensureCategory(db);

  await createPriceTable(
    db,
    tenant,
    { level: 'base' },
    {
      start_date: '2024-01-01',
      prices: [
        { price_group: 'Junior', price: 85 },
        { price_group: 'Senior', price: 120 },
        { price_group: 'Senior', price: 900, type: 'tsatz' },
      ],
      factors: [
        { day: 0, factor: 1.5 },
        { day: 7, factor: 2 },
        { day: 1, start_time: '22:00', end_time: '06:00', factor: 1.25 },
      ],
    },
  );

  await createCustomer(db, {
    customer_number: '1001',
    name: 'Müller Maschinenbau GmbH',
    currency: 'EUR',
    email: 'info@mueller-maschinenbau.example',
    phone: '+49 89 123456',
    vat: 19,
    payment_target: 30,
    payment_target_discount: 10,
    industry: 'Engineering',
    categories: [CATEGORY],
    addresses: [
      {
        name: 'Müller Maschinenbau GmbH',
        address: 'Industriestraße 12',
        zip_code: '80331',
        city: 'München',
        country: 'Deutschland',
        country_code: 'DE',
        is_default: true,
        is_billing_address: true,
        machine_readable_invoice_version: 3,
      },
      {
        name: 'Müller Maschinenbau GmbH – Werk 2',
        address: 'Hafenweg 3',
        zip_code: '20457',
        city: 'Hamburg',
        country: 'Deutschland',
        country_code: 'DE',
        is_shipping_address: true,
      },
    ],
  });
  await createCustomer(db, {
    customer_number: '1002',
    name: 'Alpenblick Hotels AG',
    currency: 'CHF',
    email: 'office@alpenblick.example',
    vat: 8.1,
    payment_target: 14,
    addresses: [
      {
        name: 'Alpenblick Hotels AG',
        address: 'Seestrasse 5',
        zip_code: '6004',
        city: 'Luzern',
        country: 'Schweiz',
        country_code: 'CH',
        is_default: true,
      },
    ],
  });
  await createCustomer(db, {
    customer_number: '1003',
    name: 'Nordlicht Logistik KG',
    currency: 'EUR',
    vat: 19,
    inactive: true,
    comments: 'Contract ended 2024.',
    addresses: [
      {
        name: 'Nordlicht Logistik KG',
        address: 'Kaistraße 1',
        zip_code: '24103',
        city: 'Kiel',
        country: 'Deutschland',
        country_code: 'DE',
        is_default: true,
      },
    ],
  });

  const contacts: [
    string,
    { first_name: string; last_name: string; salutation: string; email: string; job_title: string; primary: boolean },
  ][] = [
    [
      '1001',
      {
        first_name: 'Anna',
        last_name: 'Müller',
        salutation: 'Frau',
        email: 'anna.mueller@mueller-maschinenbau.example',
        job_title: 'CEO',
        primary: true,
      },
    ],
    [
      '1001',
      {
        first_name: 'Jonas',
        last_name: 'Weber',
        salutation: 'Herr',
        email: 'jonas.weber@mueller-maschinenbau.example',
        job_title: 'IT lead',
        primary: false,
      },
    ],
    [
      '1002',
      {
        first_name: 'Luca',
        last_name: 'Brunner',
        salutation: 'Herr',
        email: 'luca.brunner@alpenblick.example',
        job_title: 'CFO',
        primary: true,
      },
    ],
  ];
  for (const [number, contact] of contacts) {
    const customer = (await findCustomer(db, number))!;
    await insertContact(db, Number(customer.id), { ...contact, language: 'de' });
  }

  await createPriceTable(
    db,
    tenant,
    { level: 'customer', customer_number: '1001' },
    {
      start_date: '2024-01-01',
      prices: [
        { price_group: 'Junior', price: 80 },
        { price_group: 'Senior', price: 110 },
      ],
      factors: [{ day: 0, factor: 1.5 }],
    },
  );
}
