// Demo receipts: the usual receipt types, two articles, and last month's expenses of two employees
// with their amount lines — a train ticket, a hotel stay with breakfast and a business meal — the hotel bill
// with a scanned PDF attached. Entered through the receipt service, so every rule applies.
import type { TenantDb } from '../db/tenant-scope.js';
import type { Dialect } from '../db/dialect.js';
import type { Tenant } from '../tenancy/tenants.js';
import { addDays } from '../values/formats.js';
import { findRow, insertRow } from '../modules/crud/index.js';
import { putSingleAttachment } from '../modules/attachments/index.js';
import { createReceipt } from '../modules/receipts/receipts.service.js';
import { monthStart, secondMonday } from '../values/dates.js';

const TYPES = [
  { name: 'Fahrkarte', description: 'Bahn, Bus, Flug', tax_rates: [7, 19], default_payment_method: 'privat' },
  { name: 'Übernachtung', description: 'Hotel', tax_rates: [7, 19], default_payment_method: 'privat' },
  { name: 'Bewirtung', description: 'Geschäftsessen', tax_rates: [19], default_payment_method: 'Firma' },
  {
    name: 'Kilometergeld',
    description: 'Fahrten mit dem eigenen Auto',
    tax_rates: [0],
    default_payment_method: 'privat',
  },
];

const ARTICLES = [
  {
    article_number: 'BER-H',
    name: 'Beratung',
    unit: 'Hour',
    unit_price: 120,
    currency: 'EUR',
    description: 'Beratung je Stunde',
    description_en: 'Consulting per hour',
    inactive: false,
  },
  {
    article_number: 'SCH-T',
    name: 'Schulung',
    unit: 'Day',
    unit_price: 950,
    currency: 'EUR',
    description: 'Schulungstag',
    description_en: 'Training day',
    inactive: false,
  },
];

/** A one-page PDF, small enough to read in the demo. */
const HOTEL_BILL = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export async function demoReceipts(db: TenantDb, tenant: Tenant, dialect: Dialect): Promise<void> {
  for (const type of TYPES) {
    if (!(await findRow(db, 'receipt_types', 'name', type.name)))
      await insertRow(db, 'receipt_types', { ...type, tax_rates: JSON.stringify(type.tax_rates) });
  }
  for (const article of ARTICLES) {
    if (!(await findRow(db, 'articles', 'article_number', article.article_number)))
      await insertRow(db, 'articles', article);
  }
  const project = await db.selectFrom('projects').select('id').orderBy('id').limit(1).executeTakeFirst();
  if (!project || (await db.selectFrom('receipts').select('id').limit(1).executeTakeFirst())) return;
  const s = { db, dialect, tenant };
  const day = secondMonday(monthStart(-1));
  const base = { project_id: Number(project.id), currency: 'EUR', is_amount_net: false, is_invoice_amount_net: false };
  await createReceipt(s, {
    ...base,
    employee_id: 'anna.schmidt',
    date: day,
    receipt_type_id: 'Fahrkarte',
    note: 'ICE Hamburg–München',
    client_id: 1,
    receiptAmounts: [{ tax: 7, quantity: 1, amount: 139.9, invoicing_share: 139.9 }],
  });
  const hotel = await createReceipt(s, {
    ...base,
    employee_id: 'anna.schmidt',
    date: addDays(day, 2),
    receipt_type_id: 'Übernachtung',
    note: 'Hotel am Projektort, 2 Nächte',
    location: 'D',
    breakfast: 5.6,
    client_id: 2,
    receiptAmounts: [
      { tax: 7, quantity: 2, amount: 89, invoicing_share: 178 },
      { tax: 19, quantity: 2, amount: 12.5, private_share: 25 },
    ],
  });
  await putSingleAttachment(
    db,
    { type: 'receipt', id: Number(hotel.row.id) },
    { filename: 'hotel-rechnung.pdf', content_type: 'application/pdf', content: HOTEL_BILL },
  );
  await createReceipt(s, {
    ...base,
    employee_id: 'max.mustermann',
    date: addDays(day, 3),
    receipt_type_id: 'Bewirtung',
    note: 'Abendessen mit Kunde',
    billing_status: 2,
    receiptAmounts: [{ tax: 19, quantity: 1, amount: 86.4 }],
  });
}
