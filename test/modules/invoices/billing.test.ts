// Billing bills and a correction undoes it (docs/api/commercial.md "Billing and correction"): PATCH status 0 sets the
// invoice's items to Billed with their billed amount and the receipts they bill to Billed, in one transaction; a
// correction of a Billed invoice makes it a Draft again and restores exactly what billing changed. The invoice
// amount is the gross sum of its items that are not Canceled; a body may repeat it but not set it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { seedEmployee } from '../../support/seed.js';
import { createInvoice } from '../../support/commercial.js';
import { createReceipt, receiptWorld } from '../../support/receipts.js';

forEachDialect('billing and correction', (t) => {
  test('the amount is the gross sum of the items that are not Canceled, whatever changes them; a body may repeat it only', async () => {
    const c = await t().tenant();
    const invoice = await createInvoice(c, { invoice_number: 'AM-1' });
    const other = await createInvoice(c, { invoice_number: 'AM-2', customer_number: invoice.customer_number });
    const amount = async (n = 'AM-1') => (await c.get(`/invoices/${n}`)).body.data.amount;
    assert.equal(invoice.amount, '0.00');
    const a = (await c.post('/invoice-items', { invoice_id: invoice.id, quantity: 10, unit_price: 120, vat: 19 })).body
      .data; // 1200 + 228
    const b = (await c.post('/invoice-items', { invoice_number: 'AM-1', quantity: 3, unit_price: '0.3333', vat: 7 }))
      .body.data; // 1.00 + 0.07
    assert.equal(await amount(), '1429.07');
    await c.patch(`/invoice-items/${b.id}`, { billed_amount: 2 }); // 2 + 0.14
    assert.equal(await amount(), '1430.14');
    await c.patch(`/invoice-items/${b.id}`, { status: 3 });
    assert.equal(await amount(), '1428.00', 'a Canceled item does not count');
    await c.patch(`/invoice-items/${a.id}`, { invoice_number: 'AM-2' });
    assert.deepEqual([await amount(), await amount('AM-2')], ['0.00', '1428.00'], 'a move changes both invoices');
    assert.equal((await c.delete(`/invoice-items/${a.id}`)).status, 204);
    assert.equal(await amount('AM-2'), '0.00');
    assert.equal(other.amount, '0.00');

    await c.post('/invoice-items', { invoice_id: invoice.id, quantity: 1, unit_price: 100 });
    const same = await c.patch('/invoices/AM-1', { amount: '100.00', note: 'sent back as read' });
    assert.equal(same.status, 200, same.text);
    const wrong = await c.patch('/invoices/AM-1', { amount: 285.21, note: 'x' });
    assert.equal(wrong.status, 422);
    assert.match(wrong.body.errors.amount[0], /sum of the invoice's items \(100\.00\)/);
    assert.equal((await c.get('/invoices/AM-1')).body.data.note, 'sent back as read');
    assert.equal((await c.post('/invoices', { customer_number: invoice.customer_number, amount: 5 })).status, 422);
  });

  test('billing sets the items Billed with their net as billed amount and their receipts Billed; ?billing_status[]=3 finds them', async () => {
    const w = await receiptWorld(t());
    const c = w.c;
    const invoice = await createInvoice(c, { invoice_number: 'B-1', date: '2026-04-30' });
    const planned = (
      await c.post('/invoice-items', {
        invoice_id: invoice.id,
        project_id: w.project,
        quantity: 2,
        unit_price: 50,
        vat: 19,
      })
    ).body.data;
    const fixed = (
      await c.post('/invoice-items', {
        invoice_id: invoice.id,
        project_id: w.project,
        status: 1,
        billed_amount: 70,
        billed_date: '2026-04-01 10:00:00',
      })
    ).body.data;
    const canceled = (
      await c.post('/invoice-items', { invoice_id: invoice.id, project_id: w.project, status: 3, unit_price: 5 })
    ).body.data;
    const elsewhere = (await c.post('/invoice-items', { project_id: w.project, unit_price: 5 })).body.data;
    const notBilled = await createReceipt(w, { invoice_item_id: planned.id });
    const released = await createReceipt(w, { invoice_item_id: fixed.id, billing_status: 2 });
    const onCanceled = await createReceipt(w, { invoice_item_id: canceled.id });
    const unrelated = await createReceipt(w, { invoice_item_id: elsewhere.id });
    assert.equal((await c.get('/receipts?billing_status[]=3')).body.data.length, 0);

    const billed = await c.patch('/invoices/B-1', { status: 0 });
    assert.equal(billed.status, 200, billed.text);
    assert.deepEqual([billed.body.data.status.id, billed.body.data.amount], [0, '189.00']); // 119 + 70
    const item = async (id: number) => (await c.get(`/invoice-items/${id}`)).body.data;
    const p = await item(planned.id);
    assert.deepEqual(
      [p.status.id, p.billed_amount, p.billed_date, p.gross_amount],
      [2, '100.00', '2026-04-30T00:00:00.000000Z', 119],
    );
    const f = await item(fixed.id);
    assert.deepEqual([f.status.id, f.billed_amount, f.billed_date], [2, '70.00', '2026-04-01T10:00:00.000000Z']);
    assert.deepEqual([(await item(canceled.id)).status.id, (await item(elsewhere.id)).status.id], [3, 0]);
    const status = async (id: number) => (await c.get(`/receipts/${id}`)).body.data.billing_status;
    assert.deepEqual(await status(notBilled.id), { id: 3, name: 'Billed' });
    assert.deepEqual(await status(released.id), { id: 3, name: 'Billed' });
    assert.deepEqual([(await status(onCanceled.id)).id, (await status(unrelated.id)).id], [1, 1]);
    assert.deepEqual(
      (await c.get('/receipts?billing_status[]=3&orderBy=id')).body.data.map((r: any) => r.id),
      [notBilled.id, released.id],
    );
    assert.deepEqual(
      (await c.get('/invoices/B-1/items?status[]=2')).body.data.map((i: any) => i.id),
      [planned.id, fixed.id],
    );
    // Billed is final: the items, their receipts and the invoice stay as billed.
    assert.equal((await c.patch(`/invoice-items/${planned.id}`, { description: 'x' })).status, 422);
    assert.equal((await c.patch(`/receipts/${notBilled.id}`, { note: 'x' })).status, 422);
    assert.equal((await c.post('/invoice-items', { invoice_id: invoice.id })).status, 422);
  });

  test('a correction of a Billed invoice makes it a Draft and restores its items and receipts exactly; it may be billed again', async () => {
    const w = await receiptWorld(t());
    const c = w.c;
    const e = await seedEmployee(t().database.db, c.tenant.id);
    const invoice = await createInvoice(c, { invoice_number: 'K-1', date: '2026-05-31' });
    const planned = (
      await c.post('/invoice-items', {
        invoice_id: invoice.id,
        project_id: w.project,
        quantity: 2,
        unit_price: 50,
        vat: 19,
      })
    ).body.data;
    const fixed = (
      await c.post('/invoice-items', {
        invoice_id: invoice.id,
        project_id: w.project,
        status: 1,
        billed_amount: 70,
        billed_date: '2026-04-01 10:00:00',
      })
    ).body.data;
    const r1 = await createReceipt(w, { invoice_item_id: planned.id });
    const r2 = await createReceipt(w, { invoice_item_id: fixed.id, billing_status: 2 });
    const r3 = await createReceipt(w, { invoice_item_id: fixed.id, billing_status: null });
    const before = await Promise.all(
      [planned.id, fixed.id].map(async (id) => (await c.get(`/invoice-items/${id}`)).body.data),
    );
    assert.equal((await c.patch('/invoices/K-1', { status: 0 })).status, 200);

    const corrected = await c.post('/invoices/K-1/correction', {
      creator_username: e.username,
      correction_date: '2026-06-02',
    });
    assert.equal(corrected.status, 200, corrected.text);
    assert.deepEqual(
      [corrected.body.data.status, corrected.body.data.correction_date, corrected.body.data.amount],
      [{ id: 1, name: 'Draft' }, '2026-06-02', '189.00'],
    );
    const after = await Promise.all(
      [planned.id, fixed.id].map(async (id) => (await c.get(`/invoice-items/${id}`)).body.data),
    );
    const strip = (i: any) => ({ ...i, modified: undefined });
    assert.deepEqual(
      after.map(strip),
      before.map(strip),
      'status, billed_amount and billed_date as before the billing',
    );
    const statuses = await Promise.all(
      [r1, r2, r3].map(async (r) => (await c.get(`/receipts/${r.id}`)).body.data.billing_status),
    );
    assert.deepEqual(statuses, [{ id: 1, name: 'Not billed' }, { id: 2, name: 'Freigegebene' }, null]);
    // A Draft again: it changes, and billing it once more bills what it holds now.
    assert.equal((await c.patch(`/invoice-items/${planned.id}`, { quantity: 3 })).status, 200);
    assert.equal((await c.patch(`/receipts/${r1.id}`, { note: 'corrected' })).status, 200);
    const again = await c.patch('/invoices/K-1', { status: 0 });
    assert.equal(again.body.data.amount, '248.50'); // 178.50 + 70
    assert.equal((await c.get(`/invoice-items/${planned.id}`)).body.data.billed_amount, '150.00');
    assert.equal((await c.get(`/receipts/${r1.id}`)).body.data.billing_status.id, 3);
    // A correction of a draft only records the correction.
    const draft = await createInvoice(c, { invoice_number: 'K-2', customer_number: invoice.customer_number });
    const d = await c.post('/invoices/K-2/correction', { creator_username: e.username });
    assert.deepEqual([d.body.data.status.id, d.body.data.amount], [1, draft.amount]);
  });
});
