// /invoices: the invoice number is the key (a numeric database id is 404), the tenant sequence for omitted numbers
// (also under concurrent creates), fields of docs/api/commercial.md, filters, Billed invoices final, corrections and
// creator_username.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { seedEmployee } from '../../support/seed.js';
import { createCustomer, createInvoice } from '../../support/commercial.js';

const numbers = (body: any) => body.data.map((x: any) => x.invoice_number);

forEachDialect('invoices', (t) => {
  test('create answers 201 with the reference fields; GET by invoice number, a numeric id is 404', async () => {
    const c = await t().tenant();
    const customer = await createCustomer(c);
    const r = await c.post('/invoices', {
      invoice_number: 'R-2024-0001',
      customer_number: customer,
      date: '2024-05-01',
      amount: '0.00',
      payment_terms: 30,
      payment_terms_date: '2024-05-31',
      address: 'Musterfirma\r\nMusterstraße 1\r\n00000 Musterstadt',
      title: 'May',
      currency: 'EUR',
    });
    assert.equal(r.status, 201, r.text);
    const inv = r.body.data;
    assert.equal(inv.invoice_number, 'R-2024-0001');
    assert.deepEqual(inv.billing_kind, { id: 0, name: 'Abrechnung' });
    assert.deepEqual(inv.status, { id: 1, name: 'Draft' });
    assert.deepEqual(
      [inv.date, inv.amount, inv.currency, inv.payment_terms, inv.payment_terms_date, inv.correction_date],
      ['2024-05-01', '0.00', 'EUR', 30, '2024-05-31', null],
    );
    assert.equal(inv.address, 'Musterfirma\r\nMusterstraße 1\r\n00000 Musterstadt');
    assert.deepEqual([inv.customer_number, inv.creator_username, inv.email_sent_at], [customer, null, null]);
    assert.deepEqual((await c.get('/invoices/R-2024-0001')).body.data, inv);
    assert.equal((await c.get(`/invoices/${inv.id}`)).status, 404);
    assert.equal((await (await t().tenant()).get('/invoices/R-2024-0001')).status, 404);
  });

  test('invoice numbers are unique; omitted, the next of the tenant sequence (skipping taken ones), also concurrently', async () => {
    const c = await t().tenant();
    const customer = await createCustomer(c);
    const taken = await c.post('/invoices', { invoice_number: '2', customer_number: customer });
    assert.equal(taken.status, 201);
    const dup = await c.post('/invoices', { invoice_number: '2', customer_number: customer });
    assert.equal(dup.status, 422);
    assert.ok(dup.body.errors.invoice_number);
    const first = await createInvoice(c, { customer_number: customer });
    const second = await createInvoice(c, { customer_number: customer });
    assert.deepEqual([first.invoice_number, second.invoice_number], ['1', '3']);
    const parallel = await Promise.all(
      Array.from({ length: 8 }, () => c.post('/invoices', { customer_number: customer })),
    );
    assert.deepEqual(
      parallel.map((r) => r.status),
      Array(8).fill(201),
    );
    const drawn = parallel.map((r) => Number(r.body.data.invoice_number)).sort((a, b) => a - b);
    assert.deepEqual(drawn, [4, 5, 6, 7, 8, 9, 10, 11]);
    const other = await t().tenant();
    assert.equal((await createInvoice(other)).invoice_number, '1');
  });

  test('bad input is 422 and writes nothing', async () => {
    const c = await t().tenant();
    const r = await c.post('/invoices', {
      customer_number: 'nope',
      creator_username: 'ghost',
      amount: 1.005,
      date: '2024-02-30',
    });
    assert.equal(r.status, 422);
    assert.ok(r.body.errors.date);
    const r2 = await c.post('/invoices', { customer_number: 'nope', creator_username: 'ghost', amount: 1.005 });
    assert.deepEqual(Object.keys(r2.body.errors).sort(), ['amount', 'creator_username', 'customer_number']);
    assert.ok((await c.post('/invoices', {})).body.errors.customer_number);
    assert.equal(
      (await c.post('/invoices', { customer_number: await createCustomer(c), invoice_number: 'a/b' })).status,
      422,
    );
    assert.equal((await c.get('/invoices')).body.meta.total, 0);
  });

  test('list filters customer_number, date_from, date_to and status; sorted by invoice number by default', async () => {
    const c = await t().tenant();
    const a = await createCustomer(c);
    const b = await createCustomer(c);
    await createInvoice(c, { invoice_number: 'B', customer_number: a, date: '2024-01-15' });
    await createInvoice(c, { invoice_number: 'A', customer_number: b, date: '2024-02-15', status: 0 });
    await createInvoice(c, { invoice_number: 'C', customer_number: a, date: '2024-03-15', status: 0 });
    assert.deepEqual(numbers((await c.get('/invoices')).body), ['A', 'B', 'C']);
    assert.deepEqual(numbers((await c.get(`/invoices?customer_number=${a}`)).body), ['B', 'C']);
    assert.deepEqual(numbers((await c.get('/invoices?date_from=2024-02-15')).body), ['A', 'C']);
    assert.deepEqual(numbers((await c.get('/invoices?date_to=2024-02-15')).body), ['A', 'B']);
    assert.deepEqual(numbers((await c.get('/invoices?status=0&date_from=2024-03-01')).body), ['C']);
    assert.deepEqual(numbers((await c.get('/invoices?orderBy=date&order=desc')).body), ['C', 'A', 'B']);
    assert.equal((await c.get('/invoices?date_from=')).status, 422);
    assert.equal((await c.get('/invoices?status=7')).status, 422);
  });

  test('invoice numbers sort naturally, numeric parts as numbers, by default and with orderBy, across pages', async () => {
    const c = await t().tenant();
    const customer = await createCustomer(c);
    const all = ['10', 'INV-10', '2', 'INV-9', '1', '3', 'A2B10', 'A2B9', '007', '7', 'a-1', '100'];
    for (const n of all) await createInvoice(c, { invoice_number: n, customer_number: customer });
    const natural = ['1', '2', '3', '007', '7', '10', '100', 'A2B9', 'A2B10', 'INV-9', 'INV-10', 'a-1'];
    assert.deepEqual(numbers((await c.get('/invoices?limit=100')).body), natural);
    assert.deepEqual(
      numbers((await c.get('/invoices?orderBy=invoice_number&order=desc&limit=100')).body),
      ['a-1', 'INV-10', 'INV-9', 'A2B10', 'A2B9', '100', '10', '007', '7', '3', '2', '1'],
      'ties (007, 7) stay in key order',
    );
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(...numbers((await c.get(`/invoices?limit=5&page=${page}`)).body));
    assert.deepEqual(pages, natural);
    const renamed = await c.patch('/invoices/INV-10', { invoice_number: 'INV-8' });
    assert.equal(renamed.status, 200, renamed.text);
    assert.deepEqual(numbers((await c.get('/invoices?limit=100')).body).slice(-3), ['INV-8', 'INV-9', 'a-1']);
  });

  test('a Billed invoice cannot be changed or deleted (422 naming it); a draft can; a correction sets date and corrector', async () => {
    const c = await t().tenant();
    const e = await seedEmployee(t().database.db, c.tenant.id);
    const draft = await createInvoice(c, { invoice_number: 'D-1' });
    const renamed = await c.patch('/invoices/D-1', { invoice_number: 'D-2', note: 'x' });
    assert.equal(renamed.status, 200, renamed.text);
    assert.equal((await c.get('/invoices/D-1')).status, 404);
    assert.equal((await c.patch('/invoices/D-2', { status: 0 })).body.data.status.name, 'Billed');
    const change = await c.patch('/invoices/D-2', { note: 'y' });
    assert.equal(change.status, 422);
    assert.match(change.body.message, /D-2 is billed/);
    const del = await c.delete('/invoices/D-2');
    assert.equal(del.status, 422);
    assert.match(del.body.message, /D-2/);
    const corrected = await c.post('/invoices/D-2/correction', {
      creator_username: e.username,
      correction_date: '2024-06-03',
    });
    assert.equal(corrected.status, 200, corrected.text);
    assert.equal(corrected.body.data.correction_date, '2024-06-03');
    assert.equal(corrected.body.data.creator_username, null); // no invoice document is stored
    assert.equal((await c.post('/invoices/D-2/correction', { creator_username: 'ghost' })).status, 422);
    const other = await createInvoice(c, { invoice_number: 'D-3' });
    assert.equal((await c.delete(`/invoices/${other.invoice_number}`)).status, 204);
    assert.equal((await c.get('/invoices/D-3')).status, 404);
    assert.equal(draft.id > 0, true);
  });
});
