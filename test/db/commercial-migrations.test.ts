// Migrations 2600–2603 on data stored before them, read back through the API: the items and receipts of an invoice
// already Billed read Billed (and a correction restores them), every invoice amount is its items' gross (an
// item-less one keeps its amount as an item), invoice numbers sort naturally, and receipt money moved from rounded
// floats to scaled integers prints exactly the decimal text it printed before (shares that were null print "0.00"); stored three-letter currency codes read in capitals.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../src/db/connection.js';
import { migrate } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import { createTenant } from '../../src/tenancy/tenants.js';
import { createToken } from '../../src/tenancy/tokens.js';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { DIALECTS } from '../support/app.js';
import { testDatabaseConfig } from '../support/db.js';
import { seedCustomer, seedEmployee } from '../support/seed.js';

const stamp = { created: '2025-01-02 03:04:05', modified: '2025-01-02 03:04:05' };

/** What the API printed before migration 2602: the stored float with its places (decimalText). */
const printed = (v: number | null, places: number) => (v === null ? null : v.toFixed(places));

for (const dialect of DIALECTS) {
  test(`[${dialect}] 2600–2603 bring stored invoices and receipts in line, the API answers as before where nothing was wrong`, async () => {
    const { config: dbConfig, cleanup } = await testDatabaseConfig(dialect, { fresh: true });
    const database = openDatabase(dbConfig, { poolSize: 2 });
    const db = database.db as Kysely<any>;
    let app: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      await migrate(
        db,
        dialect,
        migrations.slice(
          0,
          migrations.findIndex((m) => m.version === '2600_invoice_billing'),
        ),
      );
      const tenant = await createTenant(db, { instance: 'mig26', name: 'Mig', edition: 'full' });
      const tenant_id = tenant.id;
      const employee = (await seedEmployee(db, tenant_id)).username;
      const customer = (await seedCustomer(db, tenant_id)).customer_number;
      await db
        .insertInto('project_statuses')
        .values({ tenant_id, name: 'aktiv', bookable: true, ...stamp })
        .execute();
      const project = Number(
        (
          await db
            .insertInto('projects')
            .values({ tenant_id, name: 'P', project_status_id: 'aktiv', default_billability: 0, ...stamp })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      await db
        .insertInto('receipt_types')
        .values({ tenant_id, name: 'Hotel', tax_rates: '[]', ...stamp })
        .execute();

      const invoice = async (invoice_number: string, status: number, amount_cents: number) =>
        Number(
          (
            await db
              .insertInto('invoices')
              .values({
                tenant_id,
                invoice_number,
                status,
                amount_cents,
                date: '2025-01-31',
                currency: 'EUR',
                billing_kind: 0,
                customer_number: customer,
                ...stamp,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
      const item = async (invoice_id: number, values: Record<string, unknown>) =>
        Number(
          (
            await db
              .insertInto('invoice_items')
              .values({
                tenant_id,
                invoice_id,
                quantity_e5: 100_000,
                unit_price_e4: 0,
                currency: 'EUR',
                language: 'de',
                status: 0,
                kind: 0,
                type: 0,
                ...stamp,
                ...values,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
      const billed = await invoice('10', 0, 0); // Billed, amount never filled in
      const billedItem = await item(billed, {
        status: 1,
        quantity_e5: 1_000_000,
        unit_price_e4: 1_200_000,
        vat_e4: 190_000,
      }); // 10 × 120 + 19 %
      const canceledItem = await item(billed, { status: 3, unit_price_e4: 50_000 });
      const draft = await invoice('2', 1, 0);
      await item(draft, { quantity_e5: 800_000, unit_price_e4: 1_200_000, vat_e4: 190_000 }); // 8 × 120 + 19 %
      await invoice('INV-9', 1, 50_000); // no items, 500.00

      const receipt = async (values: Record<string, unknown>) =>
        Number(
          (
            await db
              .insertInto('receipts')
              .values({
                tenant_id,
                employee_id: employee,
                date: '2025-01-15',
                receipt_type_id: 'Hotel',
                currency: 'EUR',
                invoice_amount_currency: 'EUR',
                payment_method: 'privat',
                is_amount_net: false,
                project_id: project,
                billing_status: 1,
                ...stamp,
                ...values,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
      const onBilled = await receipt({ invoice_item_id: billedItem, breakfast: 5.6, lunch_or_dinner: 0.3 });
      const released = await receipt({ invoice_item_id: billedItem, billing_status: 2 });
      const free = await receipt({ breakfast: 12.35, currency: 'chf', invoice_amount_currency: 'EURO' });
      const article = Number(
        (
          await db
            .insertInto('articles')
            .values({ tenant_id, article_number: 'A-1', name: 'A', currency: 'eur', inactive: false, ...stamp })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      // Lines as the float code stored them: each value rounded to its places (Math.round(v × 10^p) / 10^p).
      const lines = [
        { tax: 7, quantity: 1, amount: 139.9, invoicing_share: 139.9, private_share: null },
        { tax: 19, quantity: 2, amount: 0.3, invoicing_share: null, private_share: 0.1 },
        { tax: 7.5, quantity: 1.2345, amount: 1.01, invoicing_share: 1.15, private_share: 0 },
        { tax: 19, quantity: 3, amount: 999999999.99, invoicing_share: 0.29, private_share: 8.2 },
      ];
      for (const l of lines)
        await db
          .insertInto('receipt_amounts')
          .values({ tenant_id, receipt_id: free, ...l })
          .execute();

      await migrate(db, dialect);
      // A token as the migrated schema stores it (tokens gained columns after 2603).
      const { token } = await createToken(db, tenant.id);
      const config = {
        ...loadConfig({ LOG_LEVEL: 'silent', TENANT_CACHE_MS: '0', COUNT_CACHE_MS: '0' }),
        database: dbConfig,
      };
      app = await buildApp(config, { database, logger: false, keepDatabase: true });
      await app.ready();
      const get = async (path: string) => {
        const r = await app!.inject({
          method: 'GET',
          url: `/mig26/next/api/v1${path}`,
          headers: { authorization: `Bearer ${token}` },
        });
        assert.equal(r.statusCode, 200, r.body);
        return JSON.parse(r.body).data;
      };

      // Invoices: natural order, amounts from the items, the item-less one kept as an item.
      const invoices = await get('/invoices');
      assert.deepEqual(
        invoices.map((i: any) => [i.invoice_number, i.amount]),
        [
          ['2', '1142.40'],
          ['10', '1428.00'],
          ['INV-9', '500.00'],
        ],
      );
      const kept = await get('/invoices/INV-9/items');
      assert.deepEqual(
        kept.map((i: any) => [i.kind.id, i.quantity, i.unit_price, i.gross_amount, i.status.id]),
        [[1, '1.00000', '500.0000', 500, 0]],
      );
      // The Billed invoice's items and receipts read Billed; a correction restores what they were.
      const items = await get('/invoices/10/items?orderBy=id');
      assert.deepEqual(
        items.map((i: any) => [i.id, i.status.id, i.billed_amount, i.billed_date]),
        [
          [billedItem, 2, '1200.00', '2025-01-31T00:00:00.000000Z'],
          [canceledItem, 3, null, null],
        ],
      );
      assert.deepEqual(
        (await get('/receipts?billing_status[]=3&orderBy=id')).map((r: any) => r.id),
        [onBilled, released],
      );
      const corrected = await app.inject({
        method: 'POST',
        url: '/mig26/next/api/v1/invoices/10/correction',
        headers: { authorization: `Bearer ${token}` },
        payload: { creator_username: employee },
      });
      assert.equal(corrected.statusCode, 200, corrected.body);
      assert.deepEqual(((await get(`/invoice-items/${billedItem}`)) as any).status, { id: 1, name: 'Approved' });
      assert.deepEqual(
        [
          (await get(`/receipts/${onBilled}`)).billing_status.id,
          (await get(`/receipts/${released}`)).billing_status.id,
        ],
        [1, 2],
      );

      // Receipts: the same decimal text as before; shares that were null now "0.00".
      const header = await get(`/receipts/${onBilled}`);
      assert.deepEqual([header.breakfast, header.lunch_or_dinner], [printed(5.6, 2), printed(0.3, 2)]);
      const freeHeader = await get(`/receipts/${free}`);
      assert.deepEqual(
        [freeHeader.breakfast, freeHeader.currency, freeHeader.invoice_amount_currency],
        [printed(12.35, 2), 'CHF', 'EURO'],
      );
      assert.equal((await get(`/articles/${article}`)).currency, 'EUR', '2603: three-letter codes in capitals');
      const read = await get(`/receipts/${free}/amounts?orderBy=id`);
      assert.deepEqual(
        read.map((l: any) => [l.tax, l.quantity, l.amount, l.invoicing_share, l.private_share]),
        lines.map((l) => [
          printed(l.tax, 4),
          printed(l.quantity, 4),
          printed(l.amount, 2),
          printed(l.invoicing_share, 2) ?? '0.00',
          printed(l.private_share, 2) ?? '0.00',
        ]),
      );
      assert.deepEqual(
        (await get(`/receipts/${free}/amounts?orderBy=amount&order=desc`)).map((l: any) => l.amount),
        ['999999999.99', '139.90', '1.01', '0.30'],
      );
    } finally {
      await app?.close();
      await database.close();
      await cleanup();
    }
  });
}
