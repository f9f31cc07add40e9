// Bookings and receipts carry invoice_item_id: linked through POST/PATCH /attendances and /receipts, checked (the item exists, bills the same
// project, is not on a Billed invoice); once the invoice is Billed the booking is locked (422 naming the invoice),
// also when the billing and a change of the booking race; an item with bookings is not deleted.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDialect } from '../../support/app.js';
import { bookingWorld } from '../../support/booking-world.js';
import { createInvoice } from '../../support/commercial.js';
import { createReceipt, receiptWorld } from '../../support/receipts.js';
import { createProject } from '../../support/projects.js';

forEachDialect('invoice item links', (t) => {
  async function setup() {
    const w = await bookingWorld(t());
    const invoice = await createInvoice(w.c, { invoice_number: `IL-${Math.random().toString(36).slice(2, 8)}` });
    const item = (await w.c.post('/invoice-items', { invoice_id: invoice.id, project_id: w.projectId })).body.data;
    return { w, invoice, item };
  }

  test('a booking links to an item of a draft invoice and stays changeable; unknown items or another project are 422', async () => {
    const { w, item } = await setup();
    const b = await w.book({ invoice_item_id: item.id });
    assert.equal(b.status, 201, b.text);
    assert.equal(b.body.data.invoice_item_id, item.id);
    const p = await w.c.patch(`/attendances/${b.body.data.id}`, { note: 'still open' });
    assert.equal(p.status, 200, p.text);
    assert.equal(p.body.data.invoice_item_id, item.id);
    assert.equal(
      (await w.c.patch(`/attendances/${b.body.data.id}`, { invoice_item_id: null })).body.data.invoice_item_id,
      null,
    );
    assert.ok((await w.book({ date: '2026-03-11', invoice_item_id: 999999 })).body.errors.invoice_item_id);
    const other = await w.addProject();
    const foreign = (await w.c.post('/invoice-items', { project_id: other.projectId })).body.data;
    const r = await w.book({ date: '2026-03-11', invoice_item_id: foreign.id });
    assert.match(r.body.errors.invoice_item_id[0], /another project/);
  });

  test('once the invoice is Billed its bookings are locked (change and delete, naming the invoice) and it takes no new ones', async () => {
    const { w, invoice, item } = await setup();
    const b = (await w.book({ invoice_item_id: item.id })).body.data;
    const spare = (await w.c.post('/invoice-items', { invoice_id: invoice.id })).body.data;
    assert.equal((await w.c.delete(`/invoice-items/${item.id}`)).status, 422);
    assert.equal((await w.c.patch(`/invoices/${invoice.invoice_number}`, { status: 0 })).status, 200);
    for (const r of [
      await w.c.patch(`/attendances/${b.id}`, { note: 'x' }),
      await w.c.delete(`/attendances/${b.id}`),
      await w.c.patch(`/attendances/${b.id}`, { invoice_item_id: null }),
    ]) {
      assert.equal(r.status, 422, r.text);
      assert.deepEqual(Object.keys(r.body.errors), ['invoice_item_id']);
      assert.match(r.body.message, new RegExp(invoice.invoice_number));
    }
    const late = await w.book({ date: '2026-03-11', invoice_item_id: spare.id });
    assert.equal(late.status, 422);
    assert.match(late.body.errors.invoice_item_id[0], /is billed/);
    assert.equal((await w.c.get(`/attendances/${b.id}`)).body.data.note, b.note);
  });

  test('billing and a change of a linked booking at once: either the change lands before the billing or it is refused', async () => {
    const { w, invoice, item } = await setup();
    const b = (await w.book({ invoice_item_id: item.id })).body.data;
    const [change, bill] = await Promise.all([
      w.c.patch(`/attendances/${b.id}`, { note: 'raced' }),
      w.c.patch(`/invoices/${invoice.invoice_number}`, { status: 0 }),
    ]);
    assert.equal(bill.status, 200, bill.text);
    assert.ok([200, 422].includes(change.status), change.text);
    const stored = (await w.c.get(`/attendances/${b.id}`)).body.data;
    assert.equal(stored.note, change.status === 200 ? 'raced' : b.note);
    assert.equal((await w.c.patch(`/attendances/${b.id}`, { note: 'after' })).status, 422);
  });

  test('receipts link like bookings: checked on POST and PATCH, changeable while the invoice is a draft, locked once it is Billed', async () => {
    const w = await receiptWorld(t());
    const invoice = await createInvoice(w.c, { invoice_number: `IR-${Math.random().toString(36).slice(2, 8)}` });
    const item = (await w.c.post('/invoice-items', { invoice_id: invoice.id, project_id: w.project })).body.data;
    const receipt = await createReceipt(w, { invoice_item_id: item.id });
    assert.equal(receipt.invoice_item_id, item.id);
    assert.match(
      (await w.c.post('/receipts', w.body({ invoice_item_id: 999999 }))).body.errors.invoice_item_id[0],
      /invalid/,
    );
    const foreign = (await w.c.post('/invoice-items', { project_id: (await createProject(w.c)).id })).body.data;
    assert.match(
      (await w.c.post('/receipts', w.body({ invoice_item_id: foreign.id }))).body.errors.invoice_item_id[0],
      /another project/,
    );
    const unlinked = await createReceipt(w);
    const linkedLater = await w.c.patch(`/receipts/${unlinked.id}`, { invoice_item_id: item.id });
    assert.equal(linkedLater.status, 200, linkedLater.text);
    const open = await w.c.patch(`/receipts/${receipt.id}`, { note: 'still a draft' });
    assert.equal(open.status, 200, open.text);
    assert.equal(
      (await w.c.delete(`/invoice-items/${item.id}`)).body.message.match(/receipts/)?.[0],
      'receipts',
      'an item billing receipts is not deleted',
    );
    assert.equal(
      (await w.c.patch(`/receipts/${unlinked.id}`, { invoice_item_id: null })).body.data.invoice_item_id,
      null,
    );

    assert.equal((await w.c.patch(`/invoices/${invoice.invoice_number}`, { status: 0 })).status, 200);
    for (const r of [
      await w.c.patch(`/receipts/${receipt.id}`, { note: 'x' }),
      await w.c.patch(`/receipts/${receipt.id}`, { invoice_item_id: null }),
      await w.c.delete(`/receipts/${receipt.id}`),
    ]) {
      assert.equal(r.status, 422, r.text);
      assert.deepEqual(Object.keys(r.body.errors), ['invoice_item_id']);
      assert.equal(r.body.violations?.[0]?.rule, 'billed');
      assert.match(r.body.message, new RegExp(`invoice ${invoice.invoice_number}`));
    }
    const file = await w.c.put(`/receipts/${receipt.id}/attachments`, {
      filename: 'a.pdf',
      file_contents: Buffer.from('%PDF-1.4 x').toString('base64'),
    });
    assert.equal(file.status, 422, file.text);
    const late = await w.c.post('/receipts', w.body({ invoice_item_id: item.id }));
    assert.equal(late.status, 422);
    assert.match(late.body.errors.invoice_item_id[0], /is billed and takes no more receipts/);
    const stored = (await w.c.get(`/receipts/${receipt.id}`)).body.data;
    assert.deepEqual([stored.note, stored.invoice_item_id], ['still a draft', item.id]);
  });
});
