// Demo data for the commercial side: an offer for the first customer with a heading, priced items, one
// alternative and a surcharge; a Billed invoice for the first project with one item billing two of its bookings
// and one of its receipts (billed with it: the item and the receipt read Billed, all three are locked) and the invoice
// document stored (so creator_username shows), and a Draft invoice with one planned item (nothing linked); a folder for the customer with a subfolder for the project holding the offer document. Safe to run twice:
// nothing is added when offers exist.
import type { TenantDb } from '../db/tenant-scope.js';
import type { Dialect } from '../db/dialect.js';
import type { Tenant } from '../tenancy/tenants.js';
import { createOffer } from '../modules/offers/offers.service.js';
import { createOfferItem } from '../modules/offers/offer-items.service.js';
import { changeInvoice, createInvoice } from '../modules/invoices/invoices.service.js';
import { createInvoiceItem } from '../modules/invoices/invoice-items.service.js';
import { addAttachment } from '../modules/attachments/index.js';
import { insertRow } from '../modules/crud/index.js';
import { folderOwner } from '../modules/folders/folders.repository.js';

const ITEMS = [
  { type: 'Gliederung', position: '1', label: 'Konzeption', sort_order: 1 },
  {
    type: 'Expenditure',
    position: '1.1',
    label: 'Workshops und Konzept',
    quantity: 24,
    single_price: 120,
    vat: 19,
    expenditure_billing_type: 'Stundensatz',
    sort_order: 2,
  },
  {
    type: 'Pauschal',
    position: '1.2',
    label: 'Projektmanagement',
    quantity: 1,
    single_price: 1500,
    vat: 19,
    sort_order: 3,
  },
  {
    type: 'Pauschal',
    position: '1.3',
    label: 'Schulung vor Ort (Alternative)',
    quantity: 2,
    single_price: 950,
    vat: 19,
    is_alternative: true,
    sort_order: 4,
  },
  { type: 'Surcharge in percent', position: '2', label: 'Express-Zuschlag', quantity: 10, vat: 19, sort_order: 5 },
];

export async function demoCommercial(db: TenantDb, _tenant: Tenant, dialect: Dialect): Promise<void> {
  const s = { db, dialect };
  if (await db.selectFrom('offers').select('id').limit(1).executeTakeFirst()) return;
  const project = await db
    .selectFrom('projects')
    .select(['id', 'customer_id'])
    .where('customer_id', 'is not', null)
    .orderBy('id')
    .executeTakeFirst();
  const processor = await db.selectFrom('employees').select('username').orderBy('username').executeTakeFirst();
  if (!project?.customer_id || !processor) return;
  const offer = await createOffer(db, {
    title: 'Einführung Zeiterfassung',
    customer_id: project.customer_id,
    processor_username: processor.username,
    status: 2,
    valid_until: '2026-12-31',
    default_validity: 30,
    order_probability_percent: 60,
    is_net: true,
  });
  for (const item of ITEMS) await createOfferItem(db, Number(offer.id), item);

  const invoice = await createInvoice(s, {
    customer_number: project.customer_id,
    creator_username: processor.username,
    title: 'Beratung',
    payment_terms: 30,
  });
  const bookings = await db
    .selectFrom('attendances')
    .select('id')
    .where('project_id', '=', Number(project.id))
    .orderBy('id')
    .limit(2)
    .execute();
  const item = await createInvoiceItem(s, {
    invoice_id: Number(invoice.id),
    project_id: Number(project.id),
    customer_number: project.customer_id,
    description: 'Beratung',
    quantity: 10,
    unit_price: 120,
    vat: 19,
    unit: 'h',
    status: 1,
    kind: 0,
    contains_working_hours: true,
  });
  if (bookings.length)
    await db
      .updateTable('attendances')
      .set({ invoice_item_id: Number(item.id) })
      .where(
        'id',
        'in',
        bookings.map((b) => Number(b.id)),
      )
      .execute();
  const receipt = await db
    .selectFrom('receipts')
    .select('id')
    .where('project_id', '=', Number(project.id))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (receipt)
    await db
      .updateTable('receipts')
      .set({ invoice_item_id: Number(item.id) })
      .where('id', '=', Number(receipt.id))
      .execute();
  await addAttachment(
    db,
    { type: 'invoice', id: Number(invoice.id) },
    {
      filename: `${invoice.invoice_number}.txt`,
      content_type: 'text/plain',
      content: Buffer.from(`Rechnung ${invoice.invoice_number}\nBeratung 10 h à 120,00 EUR\n`),
    },
  );
  // Billing bills the item (Billed, 1200.00) and the receipt (Billed); the amount is the item's gross, 1428.00.
  await changeInvoice(s, invoice, { status: 0 });
  // A draft invoice with one planned item (no bookings): it may still change, so /docs offers its updates.
  const draft = await createInvoice(s, {
    customer_number: project.customer_id,
    creator_username: processor.username,
    title: 'Beratung Folgemonat',
    payment_terms: 30,
  });
  await createInvoiceItem(s, {
    invoice_id: Number(draft.id),
    project_id: Number(project.id),
    customer_number: project.customer_id,
    description: 'Beratung Folgemonat',
    quantity: 8,
    unit_price: 120,
    vat: 19,
    unit: 'h',
    status: 0,
    kind: 0,
    contains_working_hours: true,
  });

  const customer = await db
    .selectFrom('customers')
    .select('name')
    .where('customer_number', '=', project.customer_id)
    .executeTakeFirst();
  const customerFolder = await insertRow(db, 'folders', {
    name: customer?.name ?? project.customer_id,
    customer_id: project.customer_id,
  });
  const offersFolder = await insertRow(db, 'folders', {
    name: 'Angebote',
    parent_id: Number(customerFolder.id),
    project_id: Number(project.id),
    customer_id: project.customer_id,
  });
  await addAttachment(db, folderOwner(Number(offersFolder.id)), {
    filename: 'Angebot Einführung Zeiterfassung.txt',
    content_type: 'text/plain',
    content: Buffer.from('Angebot: Einführung Zeiterfassung\nSumme netto 4.818,00 EUR\n'),
  });
}
